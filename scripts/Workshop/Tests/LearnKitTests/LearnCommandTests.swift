import ExerciseEngine
import Foundation
import Testing

@testable import LearnKit

@Suite struct LearnCommandTests {
  let root = URL(fileURLWithPath: "/workspace")

  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try LearnCommand.parse(arguments, root: root)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func commandsAndOptionsAreRead() throws {
    #expect(try LearnCommand.parse([], root: root).action == .watch)
    #expect(try LearnCommand.parse(["list"], root: root).action == .list)
    #expect(try LearnCommand.parse(["check"], root: root).action == .check(nil))
    #expect(try LearnCommand.parse(["check", "05"], root: root).action == .check("05"))
    #expect(try LearnCommand.parse(["hint", "5"], root: root).action == .hint("5"))
    let reset = try LearnCommand.parse(["reset", "05", "--yes", "--no-color"], root: root)
    #expect(reset.action == .reset("05") && reset.assumeYes && !reset.color)
    #expect(try LearnCommand.parse(["list", "--help"], root: root).action == .help)
    let manual = try LearnCommand.parse(["--manual"], root: root)
    #expect(manual.action == .watch && manual.manual)
    #expect(try !LearnCommand.parse([], root: root).manual)
  }

  @Test func badArgumentsSayWhatToTypeInstead() {
    #expect(
      usageError(["--frobnicate"])
        == "learn: unknown option '--frobnicate'; see scripts/learn --help")
    #expect(
      usageError(["go"])?.hasPrefix(
        "learn: unknown command 'go'; the commands are watch, list, check, hint and reset")
        == true)
    #expect(usageError(["reset"])?.contains("reset needs ID: scripts/learn reset ID") == true)
    #expect(usageError(["check", "01", "02"])?.contains("check takes one ID, not 2") == true)
    #expect(usageError(["list", "01"])?.contains("list takes no arguments, not '01'") == true)
  }

  @Test func helpWordsAskForTheHelpAfterAnyCommand() throws {
    for command in ["", "watch", "list", "check", "hint", "reset"] {
      for word in ["-h", "--help", "help"] {
        let arguments = (command.isEmpty ? [] : [command]) + [word]
        #expect(try LearnCommand.parse(arguments, root: root).action == .help)
      }
    }
    #expect(try LearnCommand.parse(["watch"], root: root).action == .watch)
    #expect(try LearnCommand.parse(["-y", "reset", "1"], root: root).assumeYes)
  }

  @Test func theHelpExplainsEveryCommandWithExamples() {
    for word in [
      "watch mode", "list", "check [ID]", "hint [ID]", "reset ID", "NO_COLOR", "Examples:",
      "-y, --yes", "--no-color", "Exit status:", "Files:", "05-context-forcing",
    ] {
      #expect(LearnCommand.usage.contains(word), "the help does not mention \(word)")
    }
  }

  @Test func watchModeWithoutATerminalSaysToUseCheck() {
    let output = Collected()
    let command = LearnCommand(action: .watch, root: root)
    let status = command.run(io: output.io(isTerminal: false))
    #expect(status == 2)
    #expect(output.error.contains("watch mode needs a terminal"))
    #expect(output.error.contains("scripts/learn check"))
  }

  /// A first build's progress: why it is long, said once on a line of its own, then one row
  /// redrawn in place, never wider than a terminal.
  @Test func buildProgressIsOneRowBelowALineSaidOnce() {
    let output = Collected()
    let show = LearnCommand(action: .check(nil), root: root).progressPrinter(
      output.io(errorIsTerminal: true))
    let step = "[33/49] Compiling Dependencies DependencyValues+Cache+ReallyLongFileName.swift"
    show("01-injected-values", .building(first: true, detail: nil))
    show("01-injected-values", .building(first: true, detail: step))
    let text = output.error
    let notice =
      "learn: the first build compiles the library, once for every exercise: a minute or two.\n"
    #expect(text.components(separatedBy: notice).count == 2, "said once: \(text)")
    let rows = text.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty && $0 != notice }
    #expect(
      rows.last?.hasPrefix("learn: building 01-injected-values for the first time: step 33 of 49")
        == true)
    #expect(rows.allSatisfy { $0.count <= BuildProgressText.lineWidth }, "\(rows)")
  }

  @Test func colorsOnlyOnATerminalAndWithoutNoColor() {
    #expect(Style.wantsColor(flag: true, isTerminal: true, environment: [:]))
    #expect(!Style.wantsColor(flag: true, isTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(Style.wantsColor(flag: true, isTerminal: true, environment: ["NO_COLOR": ""]))
    #expect(!Style.wantsColor(flag: true, isTerminal: false, environment: [:]))
    #expect(!Style.wantsColor(flag: false, isTerminal: true, environment: [:]))
    #expect(Style(color: false).red("✘") == "✘")
    #expect(Style(color: true).red("✘") == "\u{1B}[31m✘\u{1B}[0m")
  }
}

/// What a command wrote, and the answers it reads.
final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errorText = ""
  private var answers: [String]

  init(answers: [String] = []) { self.answers = answers }

  var output: String { lock.withLock { outText } }
  var error: String { lock.withLock { errorText } }

  func io(isTerminal: Bool = false, errorIsTerminal: Bool = false) -> LearnCommand.IO {
    LearnCommand.IO(
      out: { text in self.lock.withLock { self.outText += text } },
      err: { text in self.lock.withLock { self.errorText += text } },
      readLine: { self.lock.withLock { self.answers.isEmpty ? nil : self.answers.removeFirst() } },
      isTerminal: isTerminal, errorIsTerminal: errorIsTerminal)
  }
}
