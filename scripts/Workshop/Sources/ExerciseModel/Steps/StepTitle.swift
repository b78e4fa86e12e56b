import Foundation

/// Reads the step numbers a suite's display name gives its tests.
///
/// Every lesson's tests sit in suites named after the lesson's steps, so the learner tool can
/// tell which step a failing test belongs to from the test event stream alone:
///
/// ```swift
/// StepTitle.parse("Step 3: the message for an invalid value")  // [3]
/// StepTitle.parse("Steps 1 and 2: capture, then restore")     // [1, 2]
/// StepTitle.parse("Steps 2 to 4: …")                          // [2, 3, 4]
/// StepTitle.parse("The app: a separate process")              // []
/// ```
///
/// Only the part before the first colon counts, and it must start with "Step" or "Steps".
/// Numbers joined by "to", "-" or "–" are ranges; any others ("1, 2 and 3") are listed.
public enum StepTitle {
  /// The step numbers named by `displayName`, ascending and without repeats; empty when the
  /// name does not start with "Step".
  public static func parse(_ displayName: String) -> [Int] {
    let head = displayName.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
    let words = head.trimmingCharacters(in: .whitespaces)
    guard words.range(of: #"^[Ss]teps?\b"#, options: .regularExpression) != nil else {
      return []
    }
    var numbers: [Int] = []
    var pendingRange = false
    var scanner = words.dropFirst(4)[...]
    while !scanner.isEmpty {
      if let digit = scanner.first, digit.isNumber {
        let digits = scanner.prefix { $0.isNumber }
        scanner = scanner.dropFirst(digits.count)
        guard let number = Int(digits), number > 0, number < 1_000 else { continue }
        if pendingRange, let start = numbers.last, start < number {
          numbers.append(contentsOf: (start + 1)...number)
        } else {
          numbers.append(number)
        }
        pendingRange = false
        continue
      }
      let word = scanner.prefix { !$0.isNumber }
      scanner = scanner.dropFirst(word.count)
      let joiner = word.trimmingCharacters(in: .whitespaces).lowercased()
      pendingRange = joiner == "to" || joiner == "-" || joiner == "–" || joiner == "through"
    }
    return Array(Set(numbers)).sorted()
  }
}
