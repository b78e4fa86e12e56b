import Foundation
import Synchronization
import Testing
import WorkshopCore

@testable import GraderKit

/// What the grader shows while SwiftPM builds (``ColdBuildProgress``), ticked by hand.
@Suite struct ColdBuildProgressTests {
  /// The text written so far.
  final class Output: Sendable {
    let text = Mutex("")
    func write(_ part: String) { text.withLock { $0 += part } }
    var value: String { text.withLock { $0 } }
  }

  /// A build log holding `lines`, in a folder of its own.
  func log(_ lines: [String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cold-build-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let log = folder.appendingPathComponent("build.log")
    try Data(lines.joined(separator: "\n").utf8).write(to: log)
    return log
  }

  @Test func onATerminalOneLineSaysWhichPackageHowFarAlongAndHowLongIsLeft() throws {
    let now = Date()
    let build = SwiftBuild.Running(
      package: URL(fileURLWithPath: "/work/packages/01-injected-values"),
      log: try log(["Building for debugging...", "[12/40] Compiling Dependencies Cache.swift"]),
      started: now.addingTimeInterval(-12))
    let output = Output()
    let progress = ColdBuildProgress(
      isTerminal: true, builds: { [build] }, write: { output.write($0) })
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
    let build = SwiftBuild.Running(
      package: URL(fileURLWithPath: "/work/packages/01-injected-values"),
      log: try log(["[1/3] Compiling Injection Values.swift"]), started: now.addingTimeInterval(-1))
    let output = Output()
    let progress = ColdBuildProgress(
      isTerminal: true, builds: { [build] }, write: { output.write($0) })
    progress.tick(now: now)
    progress.print("done")
    #expect(output.value == "done\n")
  }

  @Test func elsewhereEachBuildIsAnnouncedOnceOnALineOfItsOwn() throws {
    let now = Date()
    let build = SwiftBuild.Running(
      package: URL(fileURLWithPath: "/work/packages/09-test-clock"),
      log: try log(["[5/90] Compiling Clocks TestClock.swift"]), started: now.addingTimeInterval(-5)
    )
    let output = Output()
    let progress = ColdBuildProgress(
      isTerminal: false, builds: { [build] }, write: { output.write($0) })
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
    let build = SwiftBuild.Running(
      package: URL(fileURLWithPath: "/work/packages/09-test-clock"),
      log: try log(["[5/90] Compiling Clocks TestClock.swift"]), started: now.addingTimeInterval(-5)
    )
    let output = Output()
    let progress = ColdBuildProgress(
      isTerminal: true, builds: { [build] }, write: { output.write($0) })
    progress.stop()
    progress.tick(now: now)
    #expect(output.value == "")
  }
}
