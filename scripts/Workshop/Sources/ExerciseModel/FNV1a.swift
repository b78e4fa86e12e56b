import Foundation

/// The 64-bit FNV-1a hash: simple, fast, and stable across runs (unlike `Hasher`), so a value
/// kept in a file still means the same thing in the next run.
///
/// ```swift
/// var hash = FNV1a()
/// hash.add(Data("Sources/A.swift".utf8))
/// print(String(hash.value, radix: 16))
/// ```
public struct FNV1a: Sendable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  /// Adds `data`, followed by a separator, so `("ab", "c")` and `("a", "bc")` differ.
  public mutating func add(_ data: Data) {
    // Through the buffer, not `Data`'s own iterator: several times faster in a debug build,
    // which is how the tools are built (`scripts/bench --learn`: the library's fingerprint is
    // hashed at every check).
    var value = self.value
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
      }
    }
    // A separator, so ("ab", "c") and ("a", "bc") differ.
    value ^= 0xff
    value &*= 0x0000_0100_0000_01b3
    self.value = value
  }
}
