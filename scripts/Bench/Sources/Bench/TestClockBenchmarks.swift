import Clocks

/// How long `TestClock.advance` takes to wake many sleepers, per sleeper.
///
/// Each round starts the sleepers in a task group and waits until all of them are pending (not
/// timed); the timed part is one `advance` past every deadline plus waiting for every sleeper's
/// task to finish.
func benchmarkTestClock(_ harness: Harness) async {
  let workloads: [(name: String, sleepers: Int, distinctDeadlines: Bool)] = [
    ("TestClock: resume 500 sleepers (one deadline)", 500, false),
    ("TestClock: resume 2,000 sleepers (one deadline)", 2_000, false),
    ("TestClock: resume 500 sleepers (distinct deadlines)", 500, true),
    ("TestClock: resume 2,000 sleepers (distinct deadlines)", 2_000, true),
  ]
  for workload in workloads {
    await harness.run(workload.name, operations: workload.sleepers) { stopwatch in
      let clock = TestClock<Duration>()
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<workload.sleepers {
          let deadline = TestClock<Duration>.Instant(
            offset: .milliseconds(workload.distinctDeadlines ? index + 1 : 1))
          group.addTask { try? await clock.sleep(until: deadline) }
        }
        await clock.waitForSleepers(count: workload.sleepers)
        await stopwatch.time {
          await clock.advance(by: .seconds(workload.sleepers))
          await group.waitForAll()
        }
      }
    }
  }
}
