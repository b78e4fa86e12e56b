import Foundation

/// The processes the Swift driver runs to link a product, found once by asking it (`swiftc …
/// -###` prints them without running them), so ``DirectRebuild`` can run them itself.
///
/// A speed measure: SwiftPM's link command spends a part of its time starting the driver and
/// most of the rest in the gold linker; the driver's jobs run directly with `lld` (the linker
/// the toolchain ships beside `swiftc`) do the same link in a fraction of it. The jobs are those
/// of SwiftPM's exact command, with only the linker changed, and only when `ld.lld` is there.
///
/// ```swift
/// if let jobs = LinkJobs.jobs(for: command.arguments) {
///   for job in jobs { print(job.joined(separator: " ")) }
/// }
/// ```
enum LinkJobs {
  /// Whether `arguments` (a `swiftc` command) link a product rather than compile.
  static func isLink(_ arguments: [String]) -> Bool {
    arguments.contains("-emit-executable") || arguments.contains("-emit-library")
  }

  /// The jobs of the link `arguments`, with `lld`; nil when the toolchain has no `ld.lld` beside
  /// `swiftc`, or the driver does not answer as expected.
  static func jobs(for arguments: [String]) -> [[String]]? {
    guard let swiftc = arguments.first, isLink(arguments) else { return nil }
    let tools = URL(fileURLWithPath: swiftc).deletingLastPathComponent()
    guard FileManager.default.isExecutableFile(atPath: tools.appendingPathComponent("ld.lld").path)
    else { return nil }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("link-jobs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let log = folder.appendingPathComponent("jobs.txt")
    guard
      let outcome = try? ProcessRunner.run(
        arguments + ["-use-ld=lld", "-###"], in: folder, log: log, timeLimit: 60),
      outcome.status == 0, !outcome.wasSignalled, !outcome.timedOut,
      let text = try? String(contentsOf: log, encoding: .utf8)
    else { return nil }
    var jobs: [[String]] = []
    for line in text.split(separator: "\n") where !line.isEmpty {
      guard let words = words(of: String(line)), let tool = words.first, tool.hasPrefix("/")
      else { return nil }
      jobs.append(words)
    }
    return jobs.isEmpty ? nil : jobs
  }

  /// Splits a command line as the driver prints it (POSIX shell quoting: single quotes, double
  /// quotes, backslashes); nil when a quote is left open.
  static func words(of line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else { return nil }
    if inWord { words.append(word) }
    return words
  }
}
