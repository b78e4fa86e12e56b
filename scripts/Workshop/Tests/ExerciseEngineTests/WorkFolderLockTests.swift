import Foundation
import Testing

@testable import ExerciseEngine

@Suite struct WorkFolderLockTests {
  /// Two graders once shared one build folder and gave wrong scores with exit status 0: the
  /// second now waits for the first, and says so.
  @Test func aSecondHolderWaitsForTheFirstAndSaysSo() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try WorkFolderLock.acquire(in: folder) { _ in Issue.record("nobody held it") }
    #expect(WorkFolderLock.isHeld(in: folder))
    let (said, saying) = AsyncStream.makeStream(of: String.self)
    let second = Task.detached {
      try WorkFolderLock.acquire(in: folder) { holder in saying.yield(holder ?? "?") }
    }
    // The second is waiting once it has said so.
    var messages = said.makeAsyncIterator()
    #expect(await messages.next() == "pid \(ProcessInfo.processInfo.processIdentifier)")
    first.release()
    let lock = try await second.value
    #expect(WorkFolderLock.isHeld(in: folder))
    lock.release()
    #expect(!WorkFolderLock.isHeld(in: folder))
  }
}
