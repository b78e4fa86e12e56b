/// An instant that is an offset from its clock's origin: the arithmetic shared by
/// ``TestClock/Instant`` and ``ImmediateClock/Instant``.
///
/// The two clocks each declare their own `Instant` type, as swift-clocks does, so that an instant
/// of one cannot be passed to the other; this protocol gives both the same `InstantProtocol`
/// members from one place. It is internal, yet its members are public: they are what the two
/// public types' conformances to `InstantProtocol` use, so users call them as
/// `clock.now.advanced(by:)`, `duration(to:)` and `<`, as before. Each type keeps its stored
/// `offset` and `init(offset:)`, with their own documentation.
protocol OffsetInstant: InstantProtocol {
  var offset: Duration { get }
  init(offset: Duration)
}

extension OffsetInstant {
  /// The instant `duration` after this one.
  ///
  /// - Parameter duration: How far to move; a negative duration moves back.
  /// - Returns: An instant whose `offset` is this one's plus `duration`.
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  /// The time from this instant to `other`.
  ///
  /// - Parameter other: The instant to measure to.
  /// - Returns: `other`'s `offset` minus this one's: negative when `other` is earlier.
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` comes before `rhs`, that is, has the smaller `offset`.
  ///
  /// - Parameters:
  ///   - lhs: An instant.
  ///   - rhs: Another instant on the same clock.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
