import Foundation
import Generators
import Testing

struct UUIDIntValueTests {
  @Test(
    arguments: [
      (0, "00000000-0000-0000-0000-000000000000"),
      (1, "00000000-0000-0000-0000-000000000001"),
      (15, "00000000-0000-0000-0000-00000000000F"),
      (255, "00000000-0000-0000-0000-0000000000FF"),
      (256, "00000000-0000-0000-0000-000000000100"),
      (0xFFFF_FFFF_FFFF, "00000000-0000-0000-0000-FFFFFFFFFFFF"),
    ]
  )
  func smallValuesFillTheLastGroup(value: Int, expected: String) {
    #expect(UUID(value).uuidString == expected)
  }

  @Test(
    arguments: [
      (0x1_0000_0000_0000, "00000000-0000-0000-0001-000000000000"),
      (0x1234_5678_9ABC_DEF0, "00000000-0000-0000-1234-56789ABCDEF0"),
      (Int.max, "00000000-0000-0000-7FFF-FFFFFFFFFFFF"),
    ]
  )
  func largeValuesSpillIntoTheFourthGroup(value: Int, expected: String) {
    #expect(UUID(value).uuidString == expected)
  }

  @Test(
    arguments: [
      (-1, "00000000-0000-0001-0000-000000000001"),
      (-16, "00000000-0000-0001-0000-000000000010"),
      (-Int.max, "00000000-0000-0001-7FFF-FFFFFFFFFFFF"),
      (Int.min, "00000000-0000-0001-8000-000000000000"),
    ]
  )
  func negativeValuesSetTheSignDigit(value: Int, expected: String) {
    #expect(UUID(value).uuidString == expected)
  }

  @Test func equalsTheUUIDParsedFromItsString() {
    #expect(UUID(255) == UUID(uuidString: "00000000-0000-0000-0000-0000000000ff"))
    #expect(UUID(-16) == UUID(uuidString: "00000000-0000-0001-0000-000000000010"))
  }
}
