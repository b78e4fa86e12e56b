import Foundation

/// How the tests a learner writes are scored: the hand-written mutants' points, plus, for each
/// lesson step, a share for the generated mutants of that step (``FeatureMutants``).
///
/// For a step `s` with generated mutants:
///
///     share(s)  = the points of step s's hand mutants (at least 1)
///     earned(s) = ⌊ share(s) × caught(s) ÷ generated(s) ⌋
///
/// and the score is the hand mutants' points caught plus every step's `earned`. A suite that
/// catches each hand mutant of a step but half of its generated ones keeps at most half that
/// step's share: full marks need every bug the reference suite catches.
///
/// ```swift
/// let share = SuiteScore.share(step: 2, handMutants: manifest.mutants)   // 7
/// SuiteScore.earned(share: share, caught: 3, of: 7)                      // 3
/// ```
public enum SuiteScore {
  /// What step `step`'s generated mutants are worth: its hand mutants' points, at least 1.
  public static func share(step: Int, handMutants: [ManifestMutant]) -> Int {
    max(1, handMutants.filter { $0.step == step }.reduce(0) { $0 + $1.points })
  }

  /// The part of `share` earned by catching `caught` of `total` generated mutants, rounded down,
  /// so that only catching all of them earns all of it.
  public static func earned(share: Int, caught: Int, of total: Int) -> Int {
    guard total > 0 else { return share }
    return share * min(caught, total) / total
  }
}
