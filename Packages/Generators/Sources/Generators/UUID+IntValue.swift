import Foundation

extension UUID {
  /// For writing expected identifiers in tests: the UUID whose digits spell `intValue` in hex.
  ///
  /// It is what ``UUIDGenerator/incrementing`` returns, so expectations read as plain numbers:
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// #expect(uuid() == UUID(0))  // 00000000-0000-0000-0000-000000000000
  /// #expect(uuid() == UUID(1))  // 00000000-0000-0000-0000-000000000001
  /// UUID(255)                   // 00000000-0000-0000-0000-0000000000FF
  /// ```
  ///
  /// The last 16 hex digits hold the value's magnitude, so values above `0xFFFF_FFFF_FFFF`
  /// spill into the fourth group. A negative value sets the last digit of the third group to 1:
  ///
  /// ```swift
  /// UUID(0x1_0000_0000_0000)  // 00000000-0000-0000-0001-000000000000
  /// UUID(-16)                 // 00000000-0000-0001-0000-000000000010
  /// UUID(Int.min)             // 00000000-0000-0001-8000-000000000000
  /// ```
  ///
  /// - Parameter intValue: The number to spell, negative or not; every `Int` gives a different
  ///   UUID.
  public init(_ intValue: Int) {
    let sign: UInt8 = intValue < 0 ? 1 : 0
    let magnitude = UInt64(intValue.magnitude)
    func byte(_ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: magnitude >> (8 * (7 - index)))
    }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, sign,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      )
    )
  }
}
