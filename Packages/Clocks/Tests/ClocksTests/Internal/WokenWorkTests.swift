import Testing

@testable import Clocks

@Suite struct WokenWorkTests {
  @Test func aJobMayRunUntilItsThreadIsSeenFree() {
    var work = WokenWork()
    work.noteWoken(1)
    work.noteWoken(2)
    work.noteReturned(1, thread: 10, priority: .medium)
    work.noteReturned(2, thread: 20, priority: .high)
    #expect(Set(work.mayBeRunning.keys) == [1, 2])
    work.noteFree(10)
    #expect(Set(work.mayBeRunning.keys) == [2])
    #expect(work.tasks == [1, 2])
    #expect(work.priorities[2] == .high)
  }

  @Test func aTaskThatSleepsAgainIsNoLongerWatched() {
    var work = WokenWork()
    work.noteWoken(1)
    work.noteReturned(1, thread: 10, priority: .medium)
    work.noteReadingNow(1)
    #expect(work.readingNow == [1])
    work.noteSleeping(1)
    #expect(work.tasks.isEmpty)
    #expect(work.mayBeRunning.isEmpty)
    #expect(work.readingNow.isEmpty)
  }

  @Test func tasksNotWokenAtThisDeadlineAreIgnored() {
    var work = WokenWork()
    work.noteWoken(1)
    work.noteReturned(2, thread: 20, priority: .medium)
    work.noteReadingNow(2)
    work.noteSleeping(3)
    #expect(work.tasks == [1])
    #expect(work.mayBeRunning.isEmpty)
    #expect(work.readingNow.isEmpty)
  }

  @Test func aNewDeadlineForgetsWhatWasWokenBefore() {
    var work = WokenWork()
    work.noteWoken(1)
    work.noteReturned(1, thread: 10, priority: .medium)
    work.noteReadingNow(1)
    work.startDeadline()
    #expect(work.tasks.isEmpty)
    #expect(work.mayBeRunning.isEmpty)
    #expect(work.priorities.isEmpty)
    #expect(work.readingNow.isEmpty)
  }

  @Test func wakingASleeperDropsTheProbeQueuedForTheLastOne() {
    var work = WokenWork()
    work.queuedProbe = ThreadProbe()
    work.noteWoken(1)
    #expect(work.queuedProbe == nil)
  }
}
