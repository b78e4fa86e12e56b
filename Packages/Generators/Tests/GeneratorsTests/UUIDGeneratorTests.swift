import Foundation
import Generators
import Testing

struct UUIDGeneratorTests {
  @Test func callingRunsTheClosureEveryTime() {
    let source = UUIDGenerator.incrementing
    let uuid = UUIDGenerator { source() }
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
  }

  @Test func constantAlwaysReturnsItsUUID() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let uuid = UUIDGenerator.constant(id)
    #expect(uuid() == id)
    #expect(uuid() == id)
  }

  @Test func incrementingCountsUpFromZero() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func eachIncrementingStartsItsOwnCount() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    #expect(first() == UUID(0))
    #expect(first() == UUID(1))
    #expect(second() == UUID(0))
    #expect(first() == UUID(2))
    #expect(second() == UUID(1))
  }

  @Test func copiesOfOneIncrementingShareItsCount() {
    let original = UUIDGenerator.incrementing
    let copy = original
    #expect(original() == UUID(0))
    #expect(copy() == UUID(1))
    #expect(original() == UUID(2))
  }

  @Test func incrementingFromManyTasksGivesEachTaskADifferentUUID() async {
    let uuid = UUIDGenerator.incrementing
    let generated = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<1_000 {
        group.addTask { uuid() }
      }
      var generated: [UUID] = []
      for await id in group {
        generated.append(id)
      }
      return generated
    }
    #expect(generated.count == 1_000)
    #expect(Set(generated) == Set((0..<1_000).map { UUID($0) }))
    #expect(uuid() == UUID(1_000))
  }
}
