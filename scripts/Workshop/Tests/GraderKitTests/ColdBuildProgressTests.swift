import ExerciseEngine
import Foundation
import Synchronization
import Testing

@testable import GraderKit

/// What the grader shows while SwiftPM builds (``ColdBuildProgress``), ticked by hand.
@Suite struct ColdBuildProgressTests {
  /// The text written so far.
  final class Output: Sendable {
    let text = Mutex("")
    func write(_ part: String) { text.withLock { $0 += part } }
    var value: String { text.withLock { $0 } }
  }

  /// A progress display of one build of `package` that started `secondsAgo` before `now`,
  /// whose log holds `lines`, writing into `output`.
  func progress(
    of package: String, lines: [String], secondsAgo: Double, now: Date, isTerminal: Bool,
    into output: Output
  ) throws -> ColdBuildProgress {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cold-build-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let log = folder.appendingPathComponent("build.log")
    try Data(lines.joined(separator: "\n").utf8).write(to: log)
    let build = SwiftPMBuild.Running(
      package: URL(fileURLWithPath: "/work/packages/\(package)"), log: log,
      started: now.addingTimeInterval(-secondsAgo))
    return ColdBuildProgress(
      isTerminal: isTerminal, builds: { [build] }, write: { output.write($0) })
  }

  @Test func onATerminalOneLineSaysWhichPackageHowFarAlongAndHowLongIsLeft() throws {
    let now = Date()
    let output = Output()
    let progress = try progress(
      of: "01-injected-values",
      lines: ["Building for debugging...", "[12/40] Compiling Dependencies Cache.swift"],
      secondsAgo: 12, now: now, isTerminal: true, into: output)
    progress.tick(now: now)
    #expect(
      output.value
        == "\r\u{1B}[K  building 01-injected-values with SwiftPM: step 12 of 40, about 28 s left: "
        + "Com")
    progress.print("  ws  01-injected-values  29/29  (12.5 s)")
    #expect(output.value.hasSuffix("Com\r\u{1B}[K  ws  01-injected-values  29/29  (12.5 s)\n"))
  }

  @Test func aBuildOfAFewSecondsShowsNothing() throws {
    let now = Date()
    let output = Output()
    let progress = try progress(
      of: "01-injected-values", lines: ["[1/3] Compiling Injection Values.swift"], secondsAgo: 1,
      now: now, isTerminal: true, into: output)
    progress.tick(now: now)
    progress.print("done")
    #expect(output.value == "done\n")
  }

  @Test func elsewhereEachBuildIsAnnouncedOnceOnALineOfItsOwn() throws {
    let now = Date()
    let output = Output()
    let progress = try progress(
      of: "09-test-clock", lines: ["[5/90] Compiling Clocks TestClock.swift"], secondsAgo: 5,
      now: now, isTerminal: false, into: output)
    progress.tick(now: now)
    progress.tick(now: now.addingTimeInterval(1))
    progress.stop()
    #expect(
      output.value
        == "  building 09-test-clock with SwiftPM (a first build compiles the library: a minute "
        + "or two)…\n")
  }

  @Test func afterStopNothingMoreIsShown() throws {
    let now = Date()
    let output = Output()
    let progress = try progress(
      of: "09-test-clock", lines: ["[5/90] Compiling Clocks TestClock.swift"], secondsAgo: 5,
      now: now, isTerminal: true, into: output)
    progress.stop()
    progress.tick(now: now)
    #expect(output.value == "")
  }
}
