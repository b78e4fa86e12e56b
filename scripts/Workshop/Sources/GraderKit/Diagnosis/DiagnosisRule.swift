import ExerciseModel

/// When a learner's failing tests are taken to mean a decoy's misunderstanding: the rule
/// the diagnosis applies (Workspace.md, "Diagnosis", summarises it), as one pure function.
///
/// Let *F* be the graded tests the learner did not pass (failed, crashed, timed out or not run)
/// and *S* a decoy's signature, the tests it does not pass; both record which of their tests
/// crashed and which timed out (``FailureSignature``).
///
/// 1. **Only a real attempt is diagnosed.** The exercise compiled and its tests ran, and the
///    learner passes at least one test and fails at least one. A passing submission, a starter
///    (it fails every test), a compile error and a missing exercise never get a diagnosis.
///    Neither does a decoy whose signature is empty or holds every test.
/// 2. **Exact**: *F* = *S*, and the same tests of *F* as of *S* crashed, and the same timed out.
/// 3. **Close**, when no decoy matches exactly, only if no test of *F* or *S* crashed or timed
///    out (a crash also stops the tests running beside it, so a crash is evidence only where it
///    happens exactly as the decoy's did), and if both hold:
///    - at least three quarters of the tests in *F* ∪ *S* are in *F* ∩ *S* (so a learner
///      failing a few tests more or fewer than the decoy still matches);
///    - the learner passes at least a quarter of all graded tests: a nearly empty attempt, a
///      starter with a test or two passing by chance, is not guessed at. (With the first
///      condition this also means the learner passes more than half of the tests the decoy
///      passes.)
/// 4. **One diagnosis at most**: an exact match beats any close one; among close matches the
///    largest share of common tests wins, then the fewest tests in only one of the two sets,
///    then the decoy listed first in the manifest (as for two decoys with equal signatures).
///
/// ```swift
/// let best = DiagnosisRule.bestMatch(
///   FailureSignature(failed: ["A/x()"], crashed: ["A/y()"]), testCount: 6,
///   signatures: [
///     FailureSignature(failed: ["A/x()", "A/y()"]),  // the same tests, but nothing crashed
///     FailureSignature(failed: ["A/x()"], crashed: ["A/y()"]),
///   ])
/// // best == (1, .exact)
/// ```
public enum DiagnosisRule {
  /// Whether `exercise` may be diagnosed at all: it compiled and its tests ran (the first half
  /// of rule 1; ``bestMatch(_:testCount:signatures:)`` checks the rest). Tests that crashed or
  /// timed out do not prevent a diagnosis; they restrict it to an exact match.
  public static func isDiagnosable(_ exercise: GradedExercise) -> Bool {
    exercise.status == .graded
  }

  /// The best-matching signature for a learner's run, by the rule above, as its index in
  /// `signatures` (the manifest's decoy order) and how it matched; nil when none does.
  ///
  /// - Parameters:
  ///   - run: the graded tests the learner did not pass, and how each ended.
  ///   - testCount: how many tests the exercise grades.
  ///   - signatures: each decoy's signature, in the manifest's decoy order.
  public static func bestMatch(
    _ run: FailureSignature, testCount: Int, signatures: [FailureSignature]
  ) -> (index: Int, match: Diagnosis.Match)? {
    let failing = run.failing
    guard !failing.isEmpty, failing.count < testCount else { return nil }
    let usable = signatures.indices.filter {
      !signatures[$0].failing.isEmpty && signatures[$0].failing.count < testCount
    }
    // The same tests, each ending the same way: failed, crashed or timed out.
    if let exact = usable.first(where: { signatures[$0] == run }) {
      return (exact, .exact)
    }
    // A crash or a hang, on either side, is diagnosed exactly or not at all.
    guard run.ranToAnEnd else { return nil }
    // A learner passing fewer than a quarter of the tests gets no close diagnosis.
    guard (testCount - failing.count) * 4 >= testCount else { return nil }
    var best: (index: Int, shared: Int, union: Int)?
    for index in usable where signatures[index].ranToAnEnd {
      let signature = signatures[index].failing
      let shared = failing.intersection(signature).count
      let union = failing.union(signature).count
      guard shared * 4 >= union * 3 else { continue }
      if let current = best {
        // A larger shared / union wins, then a smaller union minus shared; else the earlier.
        let better =
          shared * current.union > current.shared * union
          || (shared * current.union == current.shared * union
            && union - shared < current.union - current.shared)
        if !better { continue }
      }
      best = (index, shared, union)
    }
    return best.map { ($0.index, .close) }
  }
}
