/// One call to ``SleepScheduler/sleep(until:)`` that has not returned yet.
///
/// The task that sleeps and its cancellation handler share it: the handler may run before the
/// sleeper registers, while it waits, or after it has woken. Its `phase` is read and written only
/// while the scheduler's mutex is held.
final class Sleeper: @unchecked Sendable {
  typealias Continuation = CheckedContinuation<Wake, any Error>

  /// Why a sleeper's continuation was resumed without an error.
  enum Wake {
    case byAdvance
    case deadlinePassed
  }

  enum Phase {
    case registering
    case registered(SleepTicket)
    case done
  }

  /// What the scheduler's queue holds for a registered sleeper.
  struct Pending {
    let continuation: Continuation
    /// The sleeping task, as a hash: lets settling see when woken work sleeps again.
    let task: Int
  }

  let task: Int
  var phase = Phase.registering

  init(task: Int) {
    self.task = task
  }
}
