import Foundation
import Testing

@testable import ExerciseEngine

/// `CrashReason`: the runtime's fatal line, quoted from a crashed process's output (display only).
///
/// The fixtures are outputs of Swift 6.3.1 on Linux, shortened (the backtraces and registers
/// keep their shape, not their length): a program calling `fatalError("boom")`, one resuming a
/// `CheckedContinuation` twice, and a test process of the grader whose code failed a precondition
/// while Swift Testing reported other tests.
@Suite struct CrashReasonTests {
  static let fatalErrorOutput = """
    boom/boom.swift:1: Fatal error: boom

    *** Signal 4: Backtracing from 0x7f288c2f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f288c2f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "boom" crashed:

      0      0x00007f288c2f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] 0x0000560be9ecac03 f() + 98 in boom
      2 [ra] 0x0000560be9ecac19 main + 8 in boom
    ...


    Registers:

    rax 0x0000000000000000  0
    rdx 0x0000000000000002  2
    rip 0x00007f288c2f9361  0f 0b 48 83 ec 08 48 8d 05 c2 a8 30 00 48 8d 3d  ··H·ì·H··Â¨0·H·=

    rflags 0x0000000000010202

    Images (13 omitted):

    0x0000560be9eca000–0x0000560be9ecad78 388e963fec13752687fc71ba12a26458435d07a3 boom  /tmp/boom

    Backtrace took 0.01s

    """

  static let continuationOutput = """
    _Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK CONTINUATION MISUSE: \
    g() tried to resume its continuation more than once, returning ()!

    swift-runtime: failed to suspend thread 8504 while processing a crash; backtraces will be \
    missing information

    *** Signal 4: Backtracing from 0x7f55c70f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f55c70f9361 ***

    Thread 1 "oot.default-qos" crashed:

      0      0x00007f55c70f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] 0x00007f55c757d8b9 CheckedContinuation.resume(returning:) + 344 in \
    libswift_Concurrency.so

    Backtrace took 0.02s

    """

  static let testProcessOutput = """
    ◇ Test run started.
    ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
    ◇ Suite HiddenTests started.
    ◇ Test doublesNegatives() started.
    Fixture/Fixture.swift:2: Precondition failed: only natural numbers double
    ◇ Test case passing 1 argument value → 1 to doublesMany(value:) started.
    ✔ Test doubles() passed after 0.001 seconds.

    *** Signal 4: Backtracing from 0x7f5fe68f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f5fe68f9361 ***

    Thread 2 "oot.default-qos" crashed:

      0  0x00007f5fe68f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] 0x00005572ffa145ea double(_:) + 137 in 01-fixturePackageTests.xctest at \
    /work/packages/01-fixture/Sources/Fixture/Fixture.swift:2:3

    Backtrace took 0.01s

    """

  @Test func aFatalErrorIsQuotedWithoutItsBacktrace() throws {
    let reason = try #require(CrashReason.find(in: Self.fatalErrorOutput, testModule: nil))
    #expect(reason.lines == [.init(text: "Fatal error: boom", location: "boom/boom.swift:1")])
    #expect(
      reason.quoted(hidingTestLocations: false)
        == "The test process printed: Fatal error: boom (boom/boom.swift:1)")
  }

  @Test func aContinuationResumedTwiceIsNamed() throws {
    let reason = try #require(CrashReason.find(in: Self.continuationOutput, testModule: nil))
    #expect(reason.lines.count == 1)
    #expect(
      reason.lines[0].text
        == "Fatal error: SWIFT TASK CONTINUATION MISUSE: g() tried to resume its continuation "
        + "more than once, returning ()!")
    #expect(reason.lines[0].location == "_Concurrency/CheckedContinuation.swift:169")
  }

  @Test func aPreconditionAmongSwiftTestingLinesIsFound() throws {
    let reason = try #require(
      CrashReason.find(in: Self.testProcessOutput, testModule: "FixtureTests"))
    #expect(
      reason.lines == [
        .init(
          text: "Precondition failed: only natural numbers double",
          location: "Fixture/Fixture.swift:2")
      ])
  }

  @Test func theQuoteIsTheSameWhateverTheAddressesAndTimings() {
    let other = Self.fatalErrorOutput.replacing("7f288c2f9361", with: "7f11aa009f00")
      .replacing("0.01s", with: "0.35s")
    #expect(
      CrashReason.find(in: other, testModule: nil)
        == CrashReason.find(in: Self.fatalErrorOutput, testModule: nil))
  }

  @Test func anOutputWithoutAFatalLineHasNoReason() {
    let overflow = """
      ◇ Test recurses() started.

      *** Signal 11: Backtracing from 0x7f00deadbeef... done ***

      *** Program crashed: Bad pointer dereference at 0x00007ffd5b3f1ff8 ***
      """
    #expect(CrashReason.find(in: overflow, testModule: nil) == nil)
    #expect(CrashReason.find(in: "", testModule: nil) == nil)
  }

  @Test func aFatalLineAfterTheBacktraceHeaderIsNotTheCrashs() throws {
    let output = """
      Sources/M/A.swift:3: Assertion failed: the real one
      *** Program crashed: Illegal instruction at 0x00007f288c2f9361 ***
      Fatal error: printed later
      """
    let reason = try #require(CrashReason.find(in: output, testModule: nil))
    #expect(reason.lines.map(\.text) == ["Assertion failed: the real one"])
  }

  @Test func anExclusivityViolationSaysWhatConflicted() throws {
    let output = """
      Simultaneous accesses to 0x55574b411168, but modification requires exclusive access.
      Previous access (a modification) started at excl`<unavailable> + 3293 (0x55574b40ecdd).
      Current access (a modification) started at:
      0    libswiftCore.so                    0x00007f185106d6a8 <unavailable> + 4642472
      Fatal access conflict detected.

      *** Signal 6: Backtracing from 0x7f92d9232eec... done ***
      """
    let reason = try #require(CrashReason.find(in: output, testModule: nil))
    #expect(
      reason.lines.map(\.text) == [
        "Simultaneous accesses to 0x…, but modification requires exclusive access.",
        "Fatal access conflict detected.",
      ])
  }

  @Test func aFatalErrorWithoutWordsIsQuotedToo() throws {
    let reason = try #require(
      CrashReason.find(in: "empty/empty.swift:1: Fatal error\n", testModule: nil))
    #expect(reason.lines == [.init(text: "Fatal error", location: "empty/empty.swift:1")])
  }

  @Test func aLocationInTheTestsIsLeftOutForHiddenTests() throws {
    let output = "FixtureTests/HiddenTests.swift:12: Fatal error: no value\n"
    let reason = try #require(CrashReason.find(in: output, testModule: "FixtureTests"))
    #expect(reason.lines[0].isInTests)
    #expect(
      reason.quoted(hidingTestLocations: true) == "The test process printed: Fatal error: no value")
    #expect(
      reason.quoted(hidingTestLocations: false).hasSuffix("(FixtureTests/HiddenTests.swift:12)"))
  }

  @Test func printedTextIsCleanedAndCapped() throws {
    let long = String(repeating: "x", count: 10_000)
    let output =
      "M/F.swift:1: Fatal error: \u{1B}[31mred\u{1B}[0m \u{202E}evil\u{7} tab\there \(long)\n"
    let reason = try #require(CrashReason.find(in: output, testModule: nil))
    let text = reason.lines[0].text
    #expect(text.hasPrefix("Fatal error: red evil tab here xxx"))
    #expect(text.count == CrashReason.lineLimit && text.hasSuffix("…"))
    #expect(!text.unicodeScalars.contains { CrashReason.isUnsafeForDisplay($0) })
  }

  @Test func onlyTheOutputAfterTheSandboxIsReadyCounts() {
    let output = "Fatal error: the sandbox's own line\n\(Sandbox.readyLine)\nall fine\n"
    #expect(CrashReason.find(in: output, testModule: nil) == nil)
  }

  @Test func aCrashedOutcomeLeadsWithTheQuote() {
    let reason = CrashReason(lines: [.init(text: "Fatal error: boom", location: "M/F.swift:3")])
    let outcome = TestRunner.Outcome(status: .crashed, explanation: "It crashed.", printed: reason)
    #expect(
      outcome.message(hidingSource: true)
        == "The test process printed: Fatal error: boom (M/F.swift:3)\n\nIt crashed.")
  }
}
