import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ExerciseEngine

/// Builds of different package folders run side by side; a build alone, or escalated to run
/// alone, waits for the others. Each test synchronizes with semaphores: a thread says when it is
/// inside its turn, and waits for the test to let it leave.
@Suite struct BuildTurnsTests {
  /// What happened, in order.
  final class Log: Sendable {
    let events = Mutex<[String]>([])
    func add(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
  }

  /// Starts `body` on a thread of its own; the returned semaphore is signalled when it ends.
  func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
      body()
      done.signal()
    }.start()
    return done
  }

  @Test func buildsOfDifferentPackagesRunSideBySide() {
    let turns = BuildTurns()
    let (aInside, bInside) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let met = Mutex(0)
    let a = start {
      turns.withTurn(package: "a") { _ in
        aInside.signal()
        // Inside together: each sees the other arrive while it holds its turn.
        if bInside.wait(timeout: .now() + 30) == .success { met.withLock { $0 += 1 } }
      }
    }
    let b = start {
      turns.withTurn(package: "b") { _ in
        bInside.signal()
        if aInside.wait(timeout: .now() + 30) == .success { met.withLock { $0 += 1 } }
      }
    }
    #expect(a.wait(timeout: .now() + 60) == .success && b.wait(timeout: .now() + 60) == .success)
    #expect(met.withLock { $0 } == 2, "the two package folders' builds did not run together")
  }

  @Test func aBuildAloneWaitsForTheBuildsBesideIt() {
    let turns = BuildTurns()
    let log = Log()
    let (inside, leave) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let a = start {
      turns.withTurn(package: "a") { _ in
        inside.signal()
        _ = leave.wait(timeout: .now() + 30)
        log.add("a leaves")
      }
    }
    #expect(inside.wait(timeout: .now() + 30) == .success)
    let alone = start { turns.withTurn { log.add("alone starts") } }
    leave.signal()
    #expect(a.wait(timeout: .now() + 60) == .success)
    #expect(alone.wait(timeout: .now() + 60) == .success)
    #expect(log.all == ["a leaves", "alone starts"])
  }

  @Test func anEscalatedBuildRunsAloneThenGoesOnBesideOthers() {
    let turns = BuildTurns()
    let log = Log()
    let (aInside, bInside, bLeave) = (
      DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
    )
    let b = start {
      turns.withTurn(package: "b") { _ in
        bInside.signal()
        _ = bLeave.wait(timeout: .now() + 30)
        log.add("b leaves")
      }
    }
    #expect(bInside.wait(timeout: .now() + 30) == .success)
    let a = start {
      turns.withTurn(package: "a") { escalation in
        aInside.signal()
        escalation.exclusively { log.add("a runs alone") }
        log.add("a goes on")
      }
    }
    #expect(aInside.wait(timeout: .now() + 30) == .success)
    bLeave.signal()
    #expect(a.wait(timeout: .now() + 60) == .success && b.wait(timeout: .now() + 60) == .success)
    #expect(log.all == ["b leaves", "a runs alone", "a goes on"])
  }

  @Test func oneBuildOfAPackageFolderAtATime() {
    let turns = BuildTurns()
    let log = Log()
    let (inside, leave) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let first = start {
      turns.withTurn(package: "a") { _ in
        inside.signal()
        _ = leave.wait(timeout: .now() + 30)
        log.add("first leaves")
      }
    }
    #expect(inside.wait(timeout: .now() + 30) == .success)
    let second = start { turns.withTurn(package: "a") { _ in log.add("second starts") } }
    leave.signal()
    #expect(first.wait(timeout: .now() + 60) == .success)
    #expect(second.wait(timeout: .now() + 60) == .success)
    #expect(log.all == ["first leaves", "second starts"])
  }
}
