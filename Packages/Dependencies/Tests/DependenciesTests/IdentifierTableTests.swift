import Testing

@testable import Dependencies

/// The open-addressing table behind the default-value cache: every key stays findable as the
/// table grows, and replacing a value keeps one entry per key.
@Suite struct IdentifierTableTests {
  final class Marker {}

  @Test func findsEveryKeyAcrossGrowth() {
    let markers = (0..<1_000).map { _ in Marker() }
    var table = IdentifierTable<Int>()
    for (index, marker) in markers.enumerated() {
      table[ObjectIdentifier(marker)] = index
      // What was stored before this insertion (and any growth it caused) is still there.
      #expect(table[ObjectIdentifier(markers[index / 2])] == index / 2)
    }
    let missing = markers.indices.filter { table[ObjectIdentifier(markers[$0])] != $0 }
    #expect(missing.isEmpty, "keys lost by the table: \(missing.prefix(10))")
  }

  @Test func answersNilForAnAbsentKey() {
    let stored = Marker()
    let absent = Marker()
    var table = IdentifierTable<String>()
    #expect(table[ObjectIdentifier(absent)] == nil)
    table[ObjectIdentifier(stored)] = "stored"
    #expect(table[ObjectIdentifier(absent)] == nil)
  }

  @Test func replacingKeepsTheNewestValue() {
    let markers = (0..<40).map { _ in Marker() }
    var table = IdentifierTable<Int>()
    for round in 0..<3 {
      for (index, marker) in markers.enumerated() {
        table[ObjectIdentifier(marker)] = index * 10 + round
      }
    }
    #expect(markers.indices.allSatisfy { table[ObjectIdentifier(markers[$0])] == $0 * 10 + 2 })
  }

  @Test func keyTypesAreKeys() {
    var table = IdentifierTable<String>()
    table[ObjectIdentifier(Int.self)] = "Int"
    table[ObjectIdentifier(String.self)] = "String"
    #expect(table[ObjectIdentifier(Int.self)] == "Int")
    #expect(table[ObjectIdentifier(String.self)] == "String")
    #expect(table[ObjectIdentifier(Double.self)] == nil)
  }
}
