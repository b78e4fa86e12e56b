import Testing

@testable import Mutation

@Suite struct MutantFinderTests {
  static let solution = """
    import Foundation

    public struct Counter {
      public private(set) var total = 0
      var log: [String] = []

      public mutating func add(_ amount: Int) {
        #if SOLUTION
          guard amount > 0 && !log.isEmpty || true else { return }
          total += amount
          log.append("added \\(amount)")
        #else
          // Step 1: add `amount` to `total` when it is positive.
        #endif
      }

      public func isAbove(_ limit: Int) -> Bool {
        #if SOLUTION
          total >= limit + 1
        #else
          false
        #endif
      }

      func doubled() -> [Int] {
        log.map { _ in total * 2 }
      }
    }
    """

  func mutants(_ text: String = solution) throws -> [Mutant] {
    MutantFinder.mutants(
      in: try MutationFile(path: "Counter.swift", solutionText: text, file: "Counter.swift"))
  }

  @Test func everyOperatorOfTheLearnersCodeHasItsMutants() throws {
    let found = try mutants()
    let described = found.map { "\($0.line) \($0.mutationOperator.rawValue): \($0.after)" }
    #expect(
      described == [
        "9 void-early-return: return; guard amount > 0 && !log.isEmpty || true else { return }",
        "9 relational-boundary: guard amount >= 0 && !log.isEmpty || true else { return }",
        "9 relational-negation: guard amount <= 0 && !log.isEmpty || true else { return }",
        "9 integer-literal: guard amount > 1 && !log.isEmpty || true else { return }",
        "9 logical-connector: guard amount > 0 || !log.isEmpty || true else { return }",
        "9 negation-removal: guard amount > 0 && log.isEmpty || true else { return }",
        "9 logical-connector: guard amount > 0 && !log.isEmpty && true else { return }",
        "9 boolean-literal: guard amount > 0 && !log.isEmpty || false else { return }",
        "10 statement-removal: ",
        "10 arithmetic: total -= amount",
        "11 statement-removal: ",
        #"11 collection-order: log.insert("added \(amount)", at: 0)"#,
        #"11 string-literal: log.append("added \(amount)!")"#,
        "19 relational-boundary: total > limit + 1",
        "19 relational-negation: total < limit + 1",
        "19 arithmetic: total >= limit - 1",
        "19 integer-literal: total >= limit + 0",
        "19 integer-literal: total >= limit + 2",
      ])
  }

  @Test func codeOutsideTheRegionsIsNeverMutated() throws {
    // `total * 2` on line 27 and `var total = 0` on line 4 are the exercise's, not the learner's.
    #expect(try mutants().allSatisfy { [9, 10, 11, 19].contains($0.line) })
  }

  @Test func theLinesAreTheSolutionFilesLines() throws {
    let removal = try #require(
      try mutants().first { $0.mutationOperator == .statementRemoval })
    #expect(removal.line == 10 && removal.before == "total += amount")
  }

  @Test func idsAreStableAndSurviveEditsElsewhere() throws {
    let first = try mutants().map(\.id)
    #expect(first == (try mutants().map(\.id)))
    let edited = Self.solution.replacingOccurrences(
      of: "import Foundation\n", with: "import Foundation\n\n// A comment that moves every line.\n")
    #expect(try mutants(edited).map(\.id) == first)
    #expect(Set(first).count == first.count)
    #expect(first[0].hasPrefix("Counter.swift:void-early-return:"))
  }

  @Test func aValueReturnedByAClosureIsNotLeftOut() throws {
    let text = """
      func names(_ list: [Int]) -> [String] {
        #if SOLUTION
          let names = list.map { number in
            String(number)
          }
          counter.record(names)
          return names
        #endif
      }
      """
    let removals = try mutants(text).filter { $0.mutationOperator == .statementRemoval }
    #expect(removals.map(\.before) == ["counter.record(names)"])
  }

  @Test func anInitializerKeepsItsAssignmentsAndDelegation() throws {
    let text = """
      struct A {
        let value: Int
        init(value: Int) {
          #if SOLUTION
            self.value = value
            register(value)
          #endif
        }
        init() {
          #if SOLUTION
            self.init(value: 0)
          #endif
        }
      }
      """
    let removals = try mutants(text).filter { $0.mutationOperator == .statementRemoval }
    #expect(removals.map(\.before) == ["register(value)"])
  }

  @Test func stringConcatenationAndTupleIndexesAreLeftAlone() throws {
    let text = """
      func f(pair: (Int, Int)) -> String {
        #if SOLUTION
          return "ab" + String(pair.0)
        #endif
      }
      """
    // The string's text changes; the `+` beside it and the tuple's index do not.
    #expect(try mutants(text).map(\.after) == [#"return "a" + String(pair.0)"#])
  }

  @Test func callsGetTheSlipsLearnersMake() throws {
    let text = """
      func f(_ values: [String: Int], _ base: [String: Int], items: inout [Int]) async throws {
        #if SOLUTION
          try await clock.sleep(for: .seconds(10))
          let merged = base.merging(values)
          let count = values["a"] ?? 0
          items.append(count)
          print(items.first)
          for item in items { print(item) }
          try Scope.$current.withValue(merged) { work() }
          try Scope.$current.withValue(merged, operation: operation)
        #endif
      }
      """
    let described = try mutants(text)
      .filter { $0.mutationOperator > .voidEarlyReturn }
      .map { "\($0.mutationOperator.rawValue): \($0.after)" }
    #expect(
      described == [
        "call-argument: try await clock.sleep(for: .seconds(20))",
        "call-argument: try await clock.sleep(for: .seconds(9))",
        "receiver-swap: let merged = base",
        "receiver-swap: let merged = values.merging(base)",
        "nil-default: let count = 0",
        "string-literal: let count = values[\"\"] ?? 0",
        "collection-order: items.insert(count, at: 0)",
        "collection-order: print(items.last)",
        "loop-once: for item in items { print(item) ; break }",
        "collection-order: for item in items.reversed() { print(item) }",
        "call-bypass: try { work() }()",
        "call-bypass: try operation()",
      ])
  }

  @Test func aFrontInsertionBecomesAnAppend() throws {
    let text = """
      func f(_ items: inout [Int]) {
        #if SOLUTION
          items.insert(1, at: 0)
          items.insert(2, at: items.endIndex)
        #endif
      }
      """
    let orders = try mutants(text).filter { $0.mutationOperator == .collectionOrder }
    #expect(orders.map(\.after) == ["items.append(1)"])
  }

  @Test func shapesTooHardToReadWholeAreLeftAlone() throws {
    let text = """
      enum Key: String {
        #if SOLUTION
          case name = "full_name"
        #endif
      }
      func f(_ xs: [Int], _ n: Int?) {
        #if SOLUTION
          @available(*, deprecated, message: "old")
          func g() {}
          if let first = xs.first { print(first) }
          print(n.map { $0 + 1 } ?? 2 + 3)
          print(xs.merging { $0 })
          for index in 0..<3 { print(index) }
          for await value in stream { print(value) }
          Scope.$current.withValue(1) { value in print(value) }
        #endif
      }
      """
    let found = try mutants(text).filter {
      [.stringLiteral, .nilDefault, .receiverSwap, .callBypass].contains($0.mutationOperator)
        || ($0.mutationOperator == .collectionOrder && $0.line != 10)
    }
    // `xs.first` in `if let first = xs.first {` is a property, not a call with a closure.
    #expect(found.isEmpty, "\(found.map(\.after))")
    #expect(
      try mutants(text).filter { $0.mutationOperator == .collectionOrder }.map(\.after)
        == ["if let first = xs.last { print(first) }"])
  }

  @Test func integerLiteralsKeepTheirBase() {
    #expect(MutantFinder.integerReplacements("0x0F") == ["0x10", "0"])
    #expect(MutantFinder.integerReplacements("1_000") == ["1001", "0"])
    #expect(MutantFinder.integerReplacements("0") == ["1"])
  }
}
