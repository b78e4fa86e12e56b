import Foundation
import Testing

@testable import GraderKit

@Suite struct GraderLockTests {
  /// Two graders once shared one build folder and gave wrong scores with exit status 0: the
  /// second now waits for the first, and says so.
  @Test func aSecondHolderWaitsForTheFirstAndSaysSo() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try GraderLock.acquire(in: folder) { _ in Issue.record("nobody held it") }
    #expect(GraderLock.isHeld(in: folder))
    let (said, saying) = AsyncStream.makeStream(of: String.self)
    let second = Task.detached {
      try GraderLock.acquire(in: folder) { holder in saying.yield(holder ?? "?") }
    }
    // The second is waiting once it has said so.
    var messages = said.makeAsyncIterator()
    #expect(await messages.next() == "pid \(ProcessInfo.processInfo.processIdentifier)")
    first.release()
    let lock = try await second.value
    #expect(GraderLock.isHeld(in: folder))
    lock.release()
    #expect(!GraderLock.isHeld(in: folder))
  }
}
