import Foundation
import Generators
import Testing

struct DateGeneratorTests {
  /// A date generator that moves one second forward on every read, starting at the epoch.
  private func tickingDate() -> DateGenerator {
    let tick = UUIDGenerator.incrementing
    return DateGenerator { Date(timeIntervalSince1970: Double(tick().uuid.15)) }
  }

  @Test func callingAndReadingNowRunTheClosureEveryTime() {
    let date = tickingDate()
    #expect(date() == Date(timeIntervalSince1970: 0))
    #expect(date.now == Date(timeIntervalSince1970: 1))
    #expect(date() == Date(timeIntervalSince1970: 2))
  }

  @Test func readingNowAndCallingReturnTheGeneratedDate() {
    let date = DateGenerator { Date(timeIntervalSince1970: 42) }
    #expect(date.now == Date(timeIntervalSince1970: 42))
    #expect(date() == Date(timeIntervalSince1970: 42))
  }

  @Test func settingNowPinsTheDate() {
    var date = tickingDate()
    #expect(date.now == Date(timeIntervalSince1970: 0))
    date.now = Date(timeIntervalSince1970: 1_234_567_890)
    #expect(date.now == Date(timeIntervalSince1970: 1_234_567_890))
    #expect(date() == Date(timeIntervalSince1970: 1_234_567_890))
    #expect(date.now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func settingNowLeavesOtherCopiesAlone() {
    let original = DateGenerator.constant(Date(timeIntervalSince1970: 1))
    var copy = original
    copy.now = Date(timeIntervalSince1970: 2)
    #expect(original.now == Date(timeIntervalSince1970: 1))
    #expect(copy.now == Date(timeIntervalSince1970: 2))
  }

  @Test func constantAlwaysReturnsItsDate() {
    let date = DateGenerator.constant(Date(timeIntervalSinceReferenceDate: 1_729))
    #expect(date() == Date(timeIntervalSinceReferenceDate: 1_729))
    #expect(date.now == Date(timeIntervalSinceReferenceDate: 1_729))
    #expect(date() == Date(timeIntervalSinceReferenceDate: 1_729))
  }
}
