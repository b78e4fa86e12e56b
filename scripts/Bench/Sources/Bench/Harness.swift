/// A tiny benchmark harness: runs a workload for several rounds and prints the median.
///
/// Each round times only the part of the workload inside `stopwatch.time { … }`, so setup (such
/// as scheduling sleepers) is not counted. Figures are per operation: the round's time divided by
/// `operations`.
struct Harness {
  /// Substrings picked on the command line; empty runs every workload.
  var filters: [String]
  var rounds = 9

  /// Times one part of a round.
  struct Stopwatch {
    fileprivate var elapsed: Duration = .zero

    mutating func time<T>(
      isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
      let clock = ContinuousClock()
      let start = clock.now
      defer { elapsed += clock.now - start }
      return try await body()
    }
  }

  /// Runs `round` `rounds` times (after one warm-up round) and prints the figures.
  func run(
    _ name: String,
    operations: Int,
    isolation: isolated (any Actor)? = #isolation,
    _ round: (inout Stopwatch) async throws -> Void
  ) async rethrows {
    guard filters.isEmpty || filters.contains(where: { name.contains($0) }) else { return }
    var warmUp = Stopwatch()
    try await round(&warmUp)
    var samples: [Duration] = []
    for _ in 0..<rounds {
      var stopwatch = Stopwatch()
      try await round(&stopwatch)
      samples.append(stopwatch.elapsed)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let perOperation = median / operations
    print(
      "\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) "
        + "\(format(perOperation).leftPadded(to: 10)) per op   "
        + "round \(format(median)) (min \(format(samples[0])), max \(format(samples.last!)))")
  }

  private func format(_ duration: Duration) -> String {
    let nanoseconds =
      Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    switch nanoseconds {
    case ..<1_000: return "\(rounded(nanoseconds)) ns"
    case ..<1_000_000: return "\(rounded(nanoseconds / 1e3)) µs"
    default: return "\(rounded(nanoseconds / 1e6)) ms"
    }
  }

  private func rounded(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return "\(scaled)"
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: " ", count: length - count) + self
  }
}
