/// One call to ``SleepScheduler/sleep(until:)`` that has not returned yet.
///
/// Its `phase` is guarded by the scheduler's lock.
final class Sleeper: @unchecked Sendable {
  typealias Continuation = CheckedContinuation<Wake, any Error>

  /// Why a sleeper's continuation was resumed without an error.
  enum Wake {
    case byAdvance
    case deadlinePassed
  }

  enum Phase {
    case registering
    case pending(Continuation)
    case done
  }

  /// The sleeping task, as a hash: lets settling see when woken work sleeps again.
  let task: Int
  var phase = Phase.registering

  init(task: Int) {
    self.task = task
  }
}
