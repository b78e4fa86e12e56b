/// When a learner's failing tests are taken to mean a decoy's misunderstanding: the rule
/// Workspace.md documents, as one pure function.
///
/// Let *F* be the graded tests the learner did not pass (failed, crashed, timed out or not run)
/// and *S* a decoy's signature, the tests it fails.
///
/// 1. **Only a real attempt is diagnosed.** The exercise compiled and its tests ran to an end
///    (none crashed or timed out: a crash hides what the code would have done), and the learner
///    passes at least one test and fails at least one. A passing submission, a starter (it fails
///    every test), a compile error and a missing exercise never get a diagnosis. Neither does a
///    decoy whose signature is empty or holds every test.
/// 2. **Exact**: *F* = *S*.
/// 3. **Close**, when no decoy matches exactly, if both hold:
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
///   failing: ["A/x()", "A/y()"], testCount: 6,
///   signatures: [["A/x()", "A/y()"], ["B/z()"]])
/// // best == (0, .exact)
/// ```
public enum DiagnosisRule {
  /// Whether `exercise` may be diagnosed at all: it compiled, its tests ran, and none crashed or
  /// timed out (the first half of rule 1; ``bestMatch(failing:testCount:signatures:)`` checks
  /// the rest).
  public static func isDiagnosable(_ exercise: GradedExercise) -> Bool {
    exercise.status == .graded
      && !exercise.tests.contains { $0.status == .crashed || $0.status == .timedOut }
  }

  /// The best-matching signature for a learner's failing tests, by the rule above, as its
  /// index in `signatures` (the manifest's decoy order) and how it matched; nil when none does.
  ///
  /// - Parameters:
  ///   - failing: the ids of the graded tests the learner did not pass.
  ///   - testCount: how many tests the exercise grades.
  ///   - signatures: each decoy's failing tests, in the manifest's decoy order.
  public static func bestMatch(
    failing: Set<String>, testCount: Int, signatures: [Set<String>]
  ) -> (index: Int, match: Diagnosis.Match)? {
    guard !failing.isEmpty, failing.count < testCount else { return nil }
    let usable = signatures.indices.filter {
      !signatures[$0].isEmpty && signatures[$0].count < testCount
    }
    if let exact = usable.first(where: { signatures[$0] == failing }) {
      return (exact, .exact)
    }
    // A learner passing fewer than a quarter of the tests gets no close diagnosis.
    guard (testCount - failing.count) * 4 >= testCount else { return nil }
    var best: (index: Int, shared: Int, union: Int)?
    for index in usable {
      let signature = signatures[index]
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
