import Foundation

extension UUID {
  /// For writing the identifiers a test expects as plain numbers: the UUID whose last hex digits
  /// spell `intValue`.
  ///
  /// ``UUIDGenerator/incrementing`` hands out exactly these, so a test can say `UUID(2)` instead
  /// of copying a 36-character string:
  ///
  /// ```swift
  /// UUID(0)    // 00000000-0000-0000-0000-000000000000
  /// UUID(1)    // 00000000-0000-0000-0000-000000000001
  /// UUID(255)  // 00000000-0000-0000-0000-0000000000FF
  /// ```
  ///
  /// The value's magnitude fills the last 16 hex digits (the fourth and fifth groups), and a
  /// negative value puts a `1` at the end of the third group:
  ///
  /// ```swift
  /// UUID(0x1_0000_0000_0000)  // 00000000-0000-0000-0001-000000000000
  /// UUID(-16)                 // 00000000-0000-0001-0000-000000000010
  /// ```
  ///
  /// Given code: you use it, you do not write it.
  public init(_ intValue: Int) {
    let hex = String(UInt64(intValue.magnitude), radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: 16 - hex.count) + hex
    let sign = intValue < 0 ? "1" : "0"
    self.init(uuidString: "00000000-0000-000\(sign)-\(digits.prefix(4))-\(digits.suffix(12))")!
  }
}
