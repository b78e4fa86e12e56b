/// The order in which a grader starts its (learner, exercise) jobs: longest first, exercises
/// taking turns.
///
/// - *Longest first.* A job that grades tests the learner wrote (their suite compiled, linked
///   against every mutant and run once per mutant) takes several times as long as one that
///   grades their code, and one whose exercise the learner has not started ends at once. A long
///   job that starts last keeps one worker busy while the others have nothing left to take, so
///   the heavier jobs start first and the light ones fill in at the end.
/// - *Exercises take turns.* Among jobs of the same weight, each exercise's first job comes,
///   then each one's second, and so on: the builds of one exercise take turns in its package
///   folder (the engine's build turns), so neighbouring jobs of different exercises build side by side
///   where jobs of the same exercise would wait for one another.
///
/// Only the order changes: every job still runs once, and reports are in the submissions'
/// order whatever order the jobs ran in.
///
/// ```swift
/// let order = JobOrder.arrange([(0, 0), (0, 1), (1, 0), (1, 1)]) { $0.1 == 1 ? .tests : .code }
/// // [(0, 1), (1, 1), (0, 0), (1, 0)]
/// ```
enum JobOrder {
  /// How long a job is expected to take, lightest first.
  enum Weight: Int, Comparable {
    /// The learner has no folder for the exercise: it is graded `missing` at once.
    case nothing
    /// The learner's code is built and the solution tests run against it.
    case code
    /// The learner's tests are built and run against every mutant (and their code too, where
    /// they write both).
    case tests

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// `jobs`, each a (submission, exercise) pair of indices, in the order to start them.
  static func arrange(_ jobs: [(Int, Int)], weight: ((Int, Int)) -> Weight) -> [(Int, Int)] {
    // The place of each job among the jobs of its exercise and weight, in the given order.
    var seen: [Weight: [Int: Int]] = [:]
    let ranked = jobs.enumerated().map { index, job in
      let weight = weight(job)
      let turn = seen[weight, default: [:]][job.1, default: 0]
      seen[weight, default: [:]][job.1] = turn + 1
      return (job: job, weight: weight, turn: turn, index: index)
    }
    return ranked.sorted { a, b in
      if a.weight != b.weight { return a.weight > b.weight }
      if a.turn != b.turn { return a.turn < b.turn }
      if a.job.1 != b.job.1 { return a.job.1 < b.job.1 }
      return a.index < b.index
    }.map(\.job)
  }
}
