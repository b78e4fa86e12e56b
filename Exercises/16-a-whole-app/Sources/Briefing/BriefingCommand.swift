import Dependencies
import Foundation

/// What `brief` does with its arguments: it drives the two features and prints what they show.
///
/// ```
/// brief headlines                  today's top headlines, numbered
/// brief save N…                    saves headlines N… to the reading list
/// brief remind MINUTES N…          saves them, then reminds you after MINUTES on the clock
/// ```
///
/// It reads no dependency itself: the features do, each through the values in effect where it
/// is made. So a test runs a command under `withDependencies` and reads every line it printed:
///
/// ```swift
/// var lines: [String] = []
/// let status = await withDependencies {
///   $0.newsClient.headlines = { Headline.previews }
///   $0.date.now = Date(timeIntervalSince1970: 0)
/// } operation: {
///   await BriefingCommand.run(["headlines"], output: { lines.append($0) }, errorOutput: { _ in })
/// }
/// ```
@MainActor
public enum BriefingCommand {
  /// What `brief` prints on standard error when it cannot read its arguments.
  public static let usage = "usage: brief headlines | brief save N… | brief remind MINUTES N…"

  /// Runs the command `arguments` (without the program's name), printing its lines with
  /// `output` and its errors with `errorOutput`, and returns the exit status: 0 when it did its
  /// job, 1 when the headlines could not be fetched (saying when it tried, by the date
  /// dependency: `The headlines could not be fetched (tried at 09:12 UTC on 2026-03-02).`), 64
  /// when the arguments make no sense.
  public static func run(
    _ arguments: [String],
    output: (String) -> Void,
    errorOutput: (String) -> Void
  ) async -> Int32 {
    guard let command = Command(arguments) else {
      errorOutput(usage)
      return 64
    }
    let headlines = HeadlinesModel()
    await headlines.refresh()
    if let message = headlines.errorMessage {
      @Dependency(\.date.now) var now
      errorOutput("\(message.dropLast(message.hasSuffix(".") ? 1 : 0)) (tried at \(moment(now))).")
      return 1
    }
    switch command {
    case .headlines:
      output("Headlines at \(headlines.fetchedAt.map(Self.moment) ?? "an unknown time")")
      for (index, headline) in headlines.headlines.enumerated() {
        output("\(index + 1). \(headline.title) (\(headline.source))")
      }
      return 0
    case .save(let numbers):
      let list = ReadingListModel()
      guard save(numbers, from: headlines, to: list, output: output, errorOutput: errorOutput)
      else { return 64 }
      return 0
    case .remind(let minutes, let numbers):
      let list = ReadingListModel()
      guard save(numbers, from: headlines, to: list, output: output, errorOutput: errorOutput)
      else { return 64 }
      output("Reminder in \(minutes) minute\(minutes == 1 ? "" : "s").")
      await list.remind(after: .seconds(60 * minutes))
      guard let reminder = list.reminder else {
        output("No reminder fired.")
        return 0
      }
      output("Time to read: \(count(reminder.items.count))")
      for item in reminder.items {
        output("- \(item.headline.title), saved at \(moment(item.savedAt))")
      }
      return 0
    }
  }

  /// Saves the headlines numbered `numbers` (from 1) and prints each item and the list's size;
  /// `false`, after saying why, when a number is not one of the headlines shown.
  private static func save(
    _ numbers: [Int], from headlines: HeadlinesModel, to list: ReadingListModel,
    output: (String) -> Void, errorOutput: (String) -> Void
  ) -> Bool {
    let shown = headlines.headlines
    if let wrong = numbers.first(where: { $0 < 1 || $0 > shown.count }) {
      errorOutput("There is no headline \(wrong): the briefing shows \(count(shown.count)).")
      return false
    }
    for number in numbers {
      let headline = shown[number - 1]
      let before = list.items.count
      list.save(headline)
      guard list.items.count > before, let item = list.items.last else {
        output("Already saved \(number).")
        continue
      }
      output("Saved \(number): \(headline.title) (id \(item.id.uuidString))")
    }
    output("Reading list: \(count(list.items.count))")
    return true
  }

  /// "1 headline", "2 headlines".
  private static func count(_ number: Int) -> String {
    "\(number) headline\(number == 1 ? "" : "s")"
  }

  /// A date as the briefing prints it, in UTC: "07:30 UTC on 2026-01-01".
  static func moment(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    return "\(time) UTC on \(day)"
  }
}

/// A command line `brief` understands.
private enum Command {
  case headlines
  case save([Int])
  case remind(minutes: Int, [Int])

  init?(_ arguments: [String]) {
    guard let name = arguments.first else { return nil }
    let numbers = arguments.dropFirst().map { Int($0) }
    guard numbers.allSatisfy({ $0 != nil }) else { return nil }
    let values = numbers.compactMap { $0 }
    switch name {
    case "headlines" where values.isEmpty:
      self = .headlines
    case "save" where !values.isEmpty:
      self = .save(values)
    case "remind" where values.count >= 2 && values[0] >= 0:
      self = .remind(minutes: values[0], Array(values.dropFirst()))
    default:
      return nil
    }
  }
}
