import Dispatch

extension Duration {
  /// The duration as a Dispatch interval, saturating at the largest one.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds < Int64(Int.max / 1_000_000_000) else { return .never }
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
