import Generators
import Testing

struct SeededRandomNumberGeneratorTests {
  /// SplitMix64's published outputs, so the sequence cannot drift between versions.
  @Test func producesTheSplitMix64Sequence() {
    var zero = SeededRandomNumberGenerator(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)

    var generator = SeededRandomNumberGenerator(seed: 1_234_567)
    let outputs = (0..<5).map { _ in generator.next() }
    #expect(
      outputs == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ]
    )
  }

  @Test(arguments: [0, 1, 42, UInt64.max])
  func sameSeedGivesTheSameSequence(seed: UInt64) {
    var first = SeededRandomNumberGenerator(seed: seed)
    var second = SeededRandomNumberGenerator(seed: seed)
    #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    #expect((1...52).shuffled(using: &first) == (1...52).shuffled(using: &second))
    #expect(Int.random(in: 1...6, using: &first) == Int.random(in: 1...6, using: &second))
  }

  @Test func differentSeedsGiveDifferentSequences() {
    let sequences = (0..<10).map { seed in
      var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
      return (0..<8).map { _ in generator.next() }
    }
    #expect(Set(sequences).count == 10)

    var one = SeededRandomNumberGenerator(seed: 1)
    var two = SeededRandomNumberGenerator(seed: 2)
    #expect((1...52).shuffled(using: &one) != (1...52).shuffled(using: &two))
  }

  @Test func copiesContinueIndependently() {
    var original = SeededRandomNumberGenerator(seed: 9)
    _ = original.next()
    var copy = original
    #expect(original.next() == copy.next())
    #expect(original.next() == copy.next())
  }
}
