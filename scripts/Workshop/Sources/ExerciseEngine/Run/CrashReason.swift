import Foundation

/// The Swift runtime's own words about a crash, found in what the crashed test process printed:
/// the line `swift test` shows above the backtrace, such as
/// `_Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK CONTINUATION MISUSE: …`
/// or `Fixture/Fixture.swift:2: Precondition failed: only natural numbers double`.
///
/// Display only, never evidence: the learner's code controls what the process prints, so it can
/// print a forged `Fatal error:` line, escape sequences, or megabytes. A test's status comes from
/// the event stream and the exit status alone; this quote only helps the reader. So the quote
/// is one fatal line (two for an exclusivity violation), each cleaned of control and
/// bidirectional formatting characters, with memory addresses masked, and cut to
/// ``lineLimit`` characters; the backtrace, registers and timings, which vary from run to run,
/// never reach it.
///
/// ```swift
/// let reason = CrashReason.find(in: output, testModule: "FixtureTests")
/// reason?.quoted(hidingTestLocations: false)
/// // "The test process printed: Precondition failed: only natural numbers double
/// //  (Fixture/Fixture.swift:2)"
/// ```
public struct CrashReason: Sendable, Equatable {
  /// One line the runtime printed.
  public struct Line: Sendable, Equatable {
    /// The runtime's words, such as `Fatal error: boom`.
    public var text: String
    /// `Module/File.swift:line` the runtime named, when it named one.
    public var location: String?
    /// Whether `location` is in the test module: a hidden test's file and line are not shown.
    public var isInTests: Bool

    public init(text: String, location: String? = nil, isInTests: Bool = false) {
      self.text = text
      self.location = location
      self.isInTests = isInTests
    }
  }

  /// The quoted lines, in the order they were printed (at most two).
  public var lines: [Line]

  public init(lines: [Line]) {
    self.lines = lines
  }

  /// The longest a quoted line may be, in characters (its location aside).
  public static let lineLimit = 240

  /// How the runtime's fatal lines start (after an optional `File.swift:line: `).
  static let kinds = [
    "Fatal error", "Precondition failed", "Assertion failed", "Fatal access conflict detected",
    "Simultaneous accesses to",
  ]

  /// The quote for a report: `The test process printed: <words> (<location>)`, a line each.
  /// With `hidingTestLocations`, a location inside the tests is left out (a hidden test's
  /// source is never shown, not even its file and line).
  public func quoted(hidingTestLocations: Bool) -> String {
    lines.map { line in
      var text = "The test process printed: " + line.text
      if let location = line.location, !(hidingTestLocations && line.isInTests) {
        text += " (\(location))"
      }
      return text
    }.joined(separator: "\n")
  }

  /// The crash reason in the log of a test process (see ``find(in:testModule:)``); nil when
  /// the log cannot be read or names none.
  public static func read(log: URL, testModule: String?) -> CrashReason? {
    guard let data = try? Data(contentsOf: log) else { return nil }
    return find(in: String(decoding: data, as: UTF8.self), testModule: testModule)
  }

  /// The runtime's fatal line in `output`, the output of a crashed process: the last one before
  /// the backtracer's `*** Signal …` or `*** Program crashed` header (or the end of the output),
  /// preceded by its `Simultaneous accesses …` line for an exclusivity violation. Nil when the
  /// output has none (a stack overflow, a signal sent from outside).
  ///
  /// Output before a sandbox's ``Sandbox/readyLine`` is the sandbox's own, and is skipped.
  /// - Parameter testModule: the solution-test module, to tell locations in the tests.
  public static func find(in output: String, testModule: String?) -> CrashReason? {
    var text = Substring(output)
    if let ready = text.range(of: Sandbox.readyLine) { text = text[ready.upperBound...] }
    let all = text.split(separator: "\n", omittingEmptySubsequences: true)
    let end =
      all.lastIndex {
        $0.hasPrefix("*** Signal ") || $0.hasPrefix("*** Program crashed")
      } ?? all.endIndex
    var found: [Line] = []
    var index = end
    while index > all.startIndex, found.count < 2 {
      index -= 1
      guard let line = parse(all[index], testModule: testModule) else { continue }
      if found.isEmpty {
        found.append(line)
        // An exclusivity violation says what conflicted in the line before; otherwise done.
        if !line.text.hasPrefix("Fatal access conflict") { break }
      } else {
        if line.text.hasPrefix("Simultaneous accesses") { found.insert(line, at: 0) }
        break
      }
    }
    return found.isEmpty ? nil : CrashReason(lines: found)
  }

  /// `line` as a fatal line of the runtime (`[File.swift:12: ]Fatal error[: words]`), cleaned;
  /// nil when it is not one.
  static func parse(_ raw: Substring, testModule: String?) -> Line? {
    let raw = raw.prefix(4 * lineLimit)
    guard kinds.contains(where: { raw.contains($0) }) else { return nil }
    let line = Substring(clean(raw))
    for kind in kinds {
      guard let range = line.range(of: kind) else { continue }
      let prefix = line[..<range.lowerBound]
      var location: String?
      if !prefix.isEmpty {
        guard let found = Self.location(prefix) else { continue }
        location = found
      }
      let words = truncated(String(line[range.lowerBound...]), to: lineLimit)
      let inTests = location.map { path in testModule.map { path.hasPrefix($0 + "/") } ?? false }
      return Line(text: words, location: location, isInTests: inTests ?? false)
    }
    return nil
  }

  /// `Module/File.swift:12` from a line's prefix `Module/File.swift:12: `, else nil.
  private static func location(_ prefix: Substring) -> String? {
    guard prefix.hasSuffix(": ") else { return nil }
    let place = prefix.dropLast(2)
    guard let colon = place.lastIndex(of: ":") else { return nil }
    let file = place[..<colon]
    let number = place[place.index(after: colon)...]
    guard !file.isEmpty, !file.contains(" "), file.count <= 200, !number.isEmpty,
      number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber)
    else { return nil }
    return String(place)
  }

  /// `raw` without terminal escape sequences, control characters and bidirectional formatting
  /// characters, tabs as spaces, memory addresses (`0x` and five or more hex digits) masked as
  /// `0x…`, trimmed.
  static func clean(_ raw: Substring) -> String {
    var scalars = String.UnicodeScalarView()
    var iterator = raw.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      if scalar == "\u{1B}" {
        // CSI (`ESC [ … final`): skip to its final byte; any other escape: skip one more.
        guard let next = iterator.next(), next == "[" else { continue }
        while let part = iterator.next(), !(0x40...0x7E).contains(part.value) {}
        continue
      }
      if scalar == "\t" {
        scalars.append(" ")
      } else if !isUnsafeForDisplay(scalar) {
        scalars.append(scalar)
      }
    }
    return maskingAddresses(String(scalars)).trimmingCharacters(in: .whitespaces)
  }

  /// Control characters (C0, DEL, C1) and the bidirectional overrides and isolates.
  static func isUnsafeForDisplay(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.generalCategory == .control { return true }
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
  }

  /// `text` with every `0x` followed by five or more hex digits written `0x…`.
  static func maskingAddresses(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: "0x") {
      result += rest[..<start.upperBound]
      let digits = rest[start.upperBound...].prefix { $0.isHexDigit && $0.isASCII }
      result += digits.count >= 5 ? "…" : digits
      rest = rest[start.upperBound...].dropFirst(digits.count)
    }
    return result + rest
  }

  private static func truncated(_ text: String, to limit: Int) -> String {
    text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }
}
