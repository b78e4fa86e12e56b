extension DependencyValues {
  /// Lends a random number generator, for features that roll, shuffle or pick at random: the
  /// system's generator in the app, a seeded one in tests so every run makes the same choices.
  ///
  /// Calling `Int.random(in:)` or `shuffled()` draws from the system generator, which no test
  /// can replay. Draw from the generator this dependency lends instead:
  ///
  /// ```swift
  /// @Observable final class DiceModel {
  ///   @ObservationIgnored @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  ///   var roll = 1
  ///
  ///   func rollButtonTapped() {
  ///     roll = withRandomNumberGenerator { generator in
  ///       Int.random(in: 1...6, using: &generator)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// A test seeds it, so the rolls are the same on every run and every machine:
  ///
  /// ```swift
  /// @Test func rollingIsReplayable() {
  ///   func rolls() -> [Int] {
  ///     withDependencies {
  ///       $0.withRandomNumberGenerator = WithRandomNumberGenerator(
  ///         SeededRandomNumberGenerator(seed: 42))
  ///     } operation: {
  ///       let model = DiceModel()
  ///       return (1...5).map { _ in
  ///         model.rollButtonTapped()
  ///         return model.roll
  ///       }
  ///     }
  ///   }
  ///   #expect(rolls() == rolls())
  /// }
  /// ```
  ///
  /// The live value draws from `SystemRandomNumberGenerator`. There is no test value: a test
  /// that reads it without overriding it fails with an issue saying so, and gets the system
  /// generator.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
}
