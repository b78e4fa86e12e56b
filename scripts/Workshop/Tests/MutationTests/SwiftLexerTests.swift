import Mutation
import Testing

@Suite struct SwiftLexerTests {
  /// The significant tokens of `text`, as `kind text`.
  func tokens(_ text: String) -> [String] {
    let structure = SwiftStructure(text: text)
    return structure.tokens.indices.filter { !structure.tokens[$0].isTrivia }.map {
      "\(structure.tokens[$0].kind) \(structure.text($0))"
    }
  }

  @Test func operatorsAreReadWhole() {
    #expect(
      tokens("a <= b && !c ..< d") == [
        "identifier a", "operator <=", "identifier b", "operator &&", "operator !",
        "identifier c", "operator ..<", "identifier d",
      ])
  }

  @Test func aPostfixQuestionMarkOrBangIsATokenOfItsOwn() {
    #expect(
      tokens("x?.y! == z") == [
        "identifier x", "operator ?", "punctuation .", "identifier y", "operator !",
        "operator ==", "identifier z",
      ])
  }

  @Test func aStringWithInterpolationsAndNestedStringsIsOneToken() {
    let text = #""a \(b.map { "\($0)!" } ?? "none") c" + d"#
    #expect(
      tokens(text) == [
        "string " + #""a \(b.map { "\($0)!" } ?? "none") c""#, "operator +", "identifier d",
      ])
  }

  @Test func rawAndMultilineStringsAreOneToken() {
    let text = "#\"a \"quoted\" b\"# + \"\"\"\n  one \\\n  two\n  \"\"\"\nnext"
    let structure = SwiftStructure(text: text)
    let significant = structure.tokens.indices.filter { !structure.tokens[$0].isTrivia }
    #expect(
      significant.map { structure.tokens[$0].kind } == [.string, .operator, .string, .identifier])
    // The escaped line break inside the multi-line string still counts as a line.
    #expect(structure.tokens[significant[3]].line == 5)
  }

  @Test func commentsNestAndNeverHoldTokens() {
    let text = "a /* b /* c */ d */ e // f < g\nh"
    #expect(tokens(text) == ["identifier a", "identifier e", "identifier h"])
    let structure = SwiftStructure(text: text)
    let comments = structure.tokens.indices.filter { structure.tokens[$0].kind == .comment }
    #expect(comments.map { structure.text($0) } == ["/* b /* c */ d */", "// f < g"])
  }

  @Test func numbersAreIntegersOrFloats() {
    #expect(
      tokens("0x9E37_79B9 + 1.5 - 2e3 + 42 + 1...3") == [
        "integer 0x9E37_79B9", "operator +", "float 1.5", "operator -", "float 2e3",
        "operator +", "integer 42", "operator +", "integer 1", "operator ...", "integer 3",
      ])
  }

  @Test func aDirectiveIsItsWholeLine() {
    #expect(
      tokens("#if os(Linux) && !DEBUG\nlet a = #line\n#endif") == [
        "directive #if os(Linux) && !DEBUG", "identifier let", "identifier a", "operator =",
        "identifier #line", "directive #endif",
      ])
  }

  @Test func genericBracketsAreToldFromComparisons() {
    let structure = SwiftStructure(
      text: "let m = Mutex<[Slot: Cell]>([:]); let n = LockIsolated<(any A & B)?>(x); a < b; c > d")
    let brackets = structure.genericBrackets.map { structure.text($0) }.sorted()
    #expect(brackets == ["<", "<", ">", ">"])
    let comparisons = structure.tokens.indices.filter {
      ["<", ">"].contains(structure.text($0)) && !structure.genericBrackets.contains($0)
    }
    #expect(comparisons.count == 2)
  }

  @Test func statementsEndWhereTheNextBegins() {
    let text = """
      func f(values: inout [Int]) {
        values.append(
          1)
        let total = values
          .reduce(0, +)
        if total > 3 { values.removeAll() }
        switch total {
        case 0:
          print("none")
        default:
          print("some")
        }
      }
      """
    let structure = SwiftStructure(text: text)
    let described = structure.statements.map {
      "\(structure.blocks[$0.block].kind) \(structure.tokens[$0.first].line)-\(structure.tokens[$0.last].line) \(structure.text($0.first))"
    }
    #expect(
      described == [
        "file 1-13 func", "voidFunction 2-3 values", "voidFunction 4-5 let",
        "voidFunction 6-6 if", "control 6-6 values", "voidFunction 7-12 switch",
        "control 9-9 print",
        "control 11-11 print",
      ])
  }

  @Test func aClosureSignatureIsNotAStatement() {
    let structure = SwiftStructure(
      text: "let x = state.withValue { state -> Int in\n  state.count\n}")
    let inner = structure.statements.filter { structure.blocks[$0.block].kind == .closure }
    #expect(inner.map { structure.text($0.first) } == ["state"])
    #expect(inner.map { structure.tokens[$0.first].line } == [2])
  }
}
