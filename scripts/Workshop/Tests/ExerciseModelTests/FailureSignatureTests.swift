import ExerciseModel
import Testing

@Suite struct FailureSignatureTests {
  @Test func passedTestsAreLeftOutAndTheRestGroupedByHowTheyEnded() {
    let signature = FailureSignature([
      (id: "S/a()", status: .passed), (id: "S/b()", status: .failed),
      (id: "S/c()", status: .crashed), (id: "S/d()", status: .timedOut),
      (id: "S/e()", status: .notRun), (id: "S/f()", status: .error),
    ])
    #expect(signature.failed == ["S/b()", "S/e()", "S/f()"])
    #expect(signature.crashed == ["S/c()"])
    #expect(signature.timedOut == ["S/d()"])
    #expect(signature.failing == ["S/b()", "S/c()", "S/d()", "S/e()", "S/f()"])
    #expect(!signature.ranToAnEnd)
    #expect(signature.status(of: "S/a()") == .passed)
    #expect(signature.status(of: "S/c()") == .crashed)
    #expect(signature.status(of: "S/d()") == .timedOut)
    #expect(signature.groups.map(\.status) == [.crashed, .failed, .timedOut])
  }

  @Test func itReadsInPlainWords() {
    #expect(FailureSignature().description == "passes every test")
    #expect(FailureSignature().ranToAnEnd)
    #expect(
      FailureSignature(failed: ["S/b()", "S/a()"], crashed: ["S/c()"]).description
        == "failed S/a(), S/b(); crashed S/c()")
    #expect(FailureSignature(timedOut: ["S/d()"]).description == "timed out S/d()")
  }
}
