import Dependencies
import Foundation

// Decoy: the entry point makes its preview choices in every context, so the live app runs on
// a clock whose waits end at once, counted ids and preview mode's date.

/// The app's entry point: where `brief` decides its dependencies, once, before anything reads
/// them, and then runs its command.
///
/// `Sources/brief/main.swift` only calls ``main(arguments:)``, so the tests can run the very
/// same entry point in a process of its own:
///
/// ```sh
/// swift run brief headlines                                  # live: the real news service
/// SWIFT_DEPENDENCIES_CONTEXT=preview swift run brief headlines   # preview: canned, at once
/// ```
@MainActor
public enum BriefingApp {
  /// The moment preview mode pretends it is: 07:30 UTC on 1 January 2026.
  public static let previewMorning = Date(timeIntervalSince1970: 1_767_252_600)

  /// Prepares the app's dependencies, runs the command in `arguments` (the program's name
  /// first, as `CommandLine.arguments` has it) and returns the exit status.
  ///
  /// In the live context the app keeps the library's live values. In the preview context it
  /// runs on canned data and never waits: the news client's preview value, ids counted from
  /// `UUID(0)`, the date fixed at ``previewMorning``, and a clock on which every wait ends at
  /// once.
  public static func main(arguments: [String]) async -> Int32 {
    prepareDependencies {
      $0.continuousClock = ImmediateClock()
      $0.uuid = .incrementing
      $0.date = .constant(previewMorning)
    }
    return await BriefingCommand.run(
      Array(arguments.dropFirst()),
      output: { FileHandle.standardOutput.write(Data("\($0)\n".utf8)) },
      errorOutput: { FileHandle.standardError.write(Data("\($0)\n".utf8)) })
  }
}
