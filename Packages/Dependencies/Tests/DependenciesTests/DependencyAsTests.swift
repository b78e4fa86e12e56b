import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

private protocol Speaker: Sendable {
  func speak() -> String
}

private struct LoudSpeaker: Speaker {
  func speak() -> String { "HELLO" }
}

private struct RecordingSpeaker: Speaker {
  var recorded = "recorded"
  func speak() -> String { recorded }
}

private enum SpeakerKey: DependencyKey {
  static var liveValue: any Speaker { LoudSpeaker() }
  static var testValue: any Speaker { RecordingSpeaker() }
}

extension DependencyValues {
  fileprivate var speaker: any Speaker {
    get { self[SpeakerKey.self] }
    set { self[SpeakerKey.self] = newValue }
  }
}

@Suite(.dependencies { $0.speaker = RecordingSpeaker(recorded: "from the trait") })
struct DependencyAsTests {
  @Test func aKeyPathReadsTheConcreteType() {
    @Dependency(\.speaker, as: RecordingSpeaker.self) var speaker
    #expect(speaker.recorded == "from the trait")
  }

  @Test func aKeyReadsTheConcreteType() {
    @Dependency(SpeakerKey.self, as: RecordingSpeaker.self) var speaker
    #expect(speaker.recorded == "from the trait")
  }

  @Test func aClockCanBeReadAsTheTestClockATestInstalled() async {
    let clock = TestClock()
    await withDependencies {
      $0.continuousClock = clock
    } operation: {
      @Dependency(\.continuousClock, as: TestClock<Duration>.self) var testClock
      await testClock.advance(by: .seconds(3))
      #expect(clock.now.offset == .seconds(3))
    }
  }

  @Test func aFailedKeyPathCastStopsTheProcessAndSaysWhy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withDependencies {
        $0.speaker = LoudSpeaker()
      } operation: {
        @Dependency(\.speaker, as: RecordingSpeaker.self) var speaker
        _ = speaker.speak()
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "The dependency at this key path (declared as Speaker) is a LoudSpeaker, not the "
          + "RecordingSpeaker that @Dependency(…, as: RecordingSpeaker.self) asked for."))
  }

  @Test func aFailedKeyCastStopsTheProcessAndSaysWhy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withDependencies {
        $0.speaker = LoudSpeaker()
      } operation: {
        @Dependency(SpeakerKey.self, as: RecordingSpeaker.self) var speaker
        _ = speaker.speak()
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "The dependency registered by SpeakerKey (declared as Speaker) is a LoudSpeaker, not "
          + "the RecordingSpeaker that @Dependency(…, as: RecordingSpeaker.self) asked for."))
  }
}
