import Testing

@testable import GraderKit

@Suite struct JobOrderTests {
  /// Three learners × exercises 0, 1 and 2, where exercise 2 is one the learner writes tests for
  /// and learner 1 has not started exercise 0.
  func weight(_ job: (Int, Int)) -> JobOrder.Weight {
    if job == (1, 0) { return .nothing }
    return job.1 == 2 ? .tests : .code
  }

  var jobs: [(Int, Int)] { (0..<3).flatMap { s in (0..<3).map { (s, $0) } } }

  @Test func heavierJobsStartFirstAndUnstartedExercisesLast() {
    let order = JobOrder.arrange(jobs, weight: weight)
    #expect(order.prefix(3).map(\.1) == [2, 2, 2])
    #expect(order.last! == (1, 0))
  }

  @Test func exercisesOfOneWeightTakeTurns() {
    let order = JobOrder.arrange(jobs, weight: weight).filter { weight($0) == .code }
    // Each exercise's first job, then each one's second: never the same exercise twice in a
    // row while another has jobs left.
    #expect(order.map(\.1) == [0, 1, 0, 1, 1])
    #expect(order.map(\.0) == [0, 0, 2, 1, 2])
  }

  @Test func everyJobIsKeptOnce() {
    let order = JobOrder.arrange(jobs, weight: weight)
    #expect(order.count == jobs.count)
    #expect(Set(order.map { "\($0.0)-\($0.1)" }) == Set(jobs.map { "\($0.0)-\($0.1)" }))
  }
}
