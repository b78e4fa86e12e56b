import Dependencies
import Foundation
import Testing

// Dependencies the tests control. They are declared here, not in the library, so only your
// trait can give them fresh values.

/// A stateful client: every call to `next()` returns the next number.
struct Counter: Sendable {
  var next: @Sendable () -> Int

  /// A counter of its own, whose first `next()` returns `start`.
  static func starting(at start: Int) -> Counter {
    let value = LockIsolated(start)
    return Counter {
      value.withValue { value in
        defer { value += 1 }
        return value
      }
    }
  }
}

extension Counter: TestDependencyKey {
  /// Every time the default is computed, a new counter starting at 0.
  static var testValue: Counter { .starting(at: 0) }
}

/// A plain value, to see which scope's overrides a test reads.
enum LabelKey: TestDependencyKey {
  static let testValue = "default"
}

extension DependencyValues {
  var counter: Counter {
    get { self[Counter.self] }
    set { self[Counter.self] = newValue }
  }

  var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

/// Reads the next `count` numbers of the current counter.
func nextNumbers(_ count: Int) -> [Int] {
  @Dependency(\.counter) var counter
  return (0..<count).map { _ in counter.next() }
}

/// Makes the next `count` UUIDs with the current generator.
///
/// Every test that calls it sets `\.uuid` with a trait. When no override of `\.uuid` is in
/// effect, the library reports that a test read the live generator, and advises overriding it
/// in the test; here the test did, so that report is replaced by one that says what it means:
/// the trait's override was not in effect where the code read `\.uuid`. Test cases that share
/// their values get that report only once, in whichever of them read `\.uuid` first, which
/// changes from run to run; so these words are recorded whenever the UUIDs are random ones, the
/// live generator's, and every such test case reads the same.
func nextUUIDs(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [UUID] {
  @Dependency(\.uuid) var uuid
  var uuids: [UUID] = []
  let readLive = LockIsolated(false)
  withKnownIssue(isIntermittent: true) {
    uuids = (0..<count).map { _ in uuid() }
  } matching: { issue in
    guard issue.comments.contains(where: { $0.rawValue.contains("has no test value") }) else {
      return false
    }
    readLive.setValue(true)
    return true
  }
  if readLive.value || uuids.contains(where: isRandom) {
    Issue.record(
      """
      A trait around this code should set \\.uuid to an incrementing generator, but the code \
      read \\.uuid with no override of it in effect, so the library used its live generator \
      (random UUIDs) instead.
      """,
      sourceLocation: sourceLocation)
  }
  return uuids
}

/// The UUIDs a fresh incrementing generator makes first.
func firstUUIDs(_ count: Int) -> [UUID] {
  (0..<count).map(UUID.init)
}

/// Whether `uuid` is a random UUID, of the kind the live generator makes (version 4): one that is
/// different on every run, so a message tells it in words instead of quoting it.
func isRandom(_ uuid: UUID) -> Bool {
  let characters = Array(uuid.uuidString)
  return characters[14] == "4" && "89AB".contains(characters[19])
}

/// `uuids` as a message shows them: `UUID(n)` for the UUIDs an incrementing generator makes
/// (`UUID(0)`, `UUID(1)`, …), words for a random one (different on every run), the UUID itself
/// for any other.
func describe(_ uuids: [UUID]) -> String {
  let names = uuids.map { uuid in
    if isRandom(uuid) { return "a random UUID" }
    return incrementingNumber(of: uuid).map { "UUID(\($0))" } ?? uuid.uuidString
  }
  let random =
    uuids.contains(where: isRandom) ? " (the live generator's, different on every run)" : ""
  return "[\(names.joined(separator: ", "))]\(random)"
}

/// Which UUID of an incrementing generator `uuid` is (`UUID(n)` gives `n`), or nil when no
/// incrementing generator makes it.
func incrementingNumber(of uuid: UUID) -> Int? {
  let prefix = "00000000-0000-0000-0000-"
  guard uuid.uuidString.hasPrefix(prefix),
    let number = Int(uuid.uuidString.dropFirst(prefix.count), radix: 16),
    UUID(number) == uuid
  else { return nil }
  return number
}

/// What a generator that should have made `firstUUIDs(uuids.count)` made instead, for a
/// message, and what that shows: other UUIDs of an incrementing generator mean that other code
/// used it too; UUIDs no incrementing generator makes mean the override was not in effect.
///
/// `inParallel`: the test cases that may share the generator run at the same time, so which
/// UUIDs each one got changes from run to run. Then the words quote neither them nor their
/// number, and every test case that got an incrementing generator's other UUIDs reads the same.
func madeInsteadOfFirstUUIDs(_ uuids: [UUID], inParallel: Bool = false) -> String {
  let incrementing = uuids.allSatisfy({ incrementingNumber(of: $0) != nil })
  if inParallel, incrementing {
    return """
      made an incrementing generator's UUIDs, not its first ones in order (UUID(0), UUID(1), …): \
      other code had used it too
      """
  }
  let made = "made \(describe(uuids)) instead of \(describe(firstUUIDs(uuids.count)))"
  if incrementing {
    return "\(made): other code had used it too"
  }
  return """
    \(made): these are not an incrementing generator's UUIDs, so the override of \\.uuid was \
    not in effect
    """
}

/// Thrown by an override, to check that the trait passes errors on.
struct OverrideFailed: Error {}
