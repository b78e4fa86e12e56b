import Injection
import Testing

// Edge cases graded on top of the lesson's tests, for the values and the store (Steps 1 and 2);
// those of @Injected and withValue (Steps 3 and 4) are in InjectedAndWithValueEdgeCaseTests.swift.
// Like the lesson's, every test that writes to the app-wide store owns its dependencies: they
// are declared in EdgeCaseFixtures.swift and used by one test only, each with a value type of
// its own.

@Suite struct InjectedValuesEdgeCaseTests {
  @Test func copiesOfValuesAreIndependent() {
    var original = InjectedValues()
    original.greeting = "Hi"
    var copy = original
    copy.greeting = "Hey"
    copy.accentColor = "red"
    let seen = (
      original: (original.greeting, original.accentColor),
      copy: (copy.greeting, copy.accentColor)
    )
    let steps = """
      `original.greeting = "Hi"`, `copy = original`, then `copy.greeting = "Hey"` and \
      `copy.accentColor = "red"`
      """
    let leak =
      switch seen.original.0 {
      case "Hey": " (the copy's greeting)"
      case "Hello": " (its default: the value set was not kept)"
      default: ""
      }
    #expect(
      seen.original.0 == "Hi",
      """
      After \(steps), the original's greeting read "\(seen.original.0)"\(leak) instead of \
      "Hi". Each copy of the struct `InjectedValues` keeps its own values, one per key \
      (Step 1).
      """)
    let shared = seen.original.1 == seen.original.0 ? " (the greeting's value)" : ""
    #expect(
      seen.original.1 == "blue",
      """
      After \(steps), the original's accent colour read "\(seen.original.1)"\(shared) instead \
      of its default "blue": only the copy's was set. Each copy of the struct \
      `InjectedValues` keeps its own values, one per key (Step 1).
      """)
    #expect(
      seen.copy.0 == "Hey",
      """
      After \(steps), the copy's greeting read "\(seen.copy.0)" instead of "Hey". Each key \
      keeps the last value set for it (Step 1).
      """)
    #expect(
      seen.copy.1 == "red",
      """
      After \(steps), the copy's accent colour read "\(seen.copy.1)" instead of "red". Each \
      key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1).
      """)
  }

  @Test func aValueCanBeSetAgain() {
    var values = InjectedValues()
    values[GreetingKey.self] = "Hi"
    values[GreetingKey.self] = "Hey"
    let greeting = values[GreetingKey.self]
    let kept =
      switch greeting {
      case "Hello": " (its default: neither value was kept)"
      case "Hi": " (the first value)"
      default: ""
      }
    #expect(
      greeting == "Hey",
      """
      After setting `GreetingKey` to "Hi" and then to "Hey", it read "\(greeting)"\(kept). \
      The last value set must win (Step 1).
      """)
  }

  @Test func keysWithTheSameValueTypeStayApartInTheStore() {
    InjectedValues[\.primaryServer] = ServerName(name: "eu-1")
    InjectedValues[\.backupServer] = ServerName(name: "eu-2")
    defer {
      InjectedValues[\.primaryServer] = PrimaryServerKey.defaultValue
      InjectedValues[\.backupServer] = BackupServerKey.defaultValue
    }
    let primary = InjectedValues[\.primaryServer]
    let backup = InjectedValues[\.backupServer]
    let story = """
      Two dependencies of the same type, a primary and a backup server, were set to "eu-1" \
      and then "eu-2" in the app's store
      """
    let cause =
      switch primary.name {
      case "eu-2":
        """
        The backup's write replaced it: each key keeps its own value, filed under \
        `ObjectIdentifier(key)` (Step 1).
        """
      case PrimaryServerKey.defaultValue.name:
        """
        That is its default: the store did not keep the write. The static subscript writes \
        into the shared values (Step 2), through the key subscript (Step 1).
        """
      default:
        """
        Each key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1), and the \
        store keeps every write (Step 2).
        """
      }
    #expect(
      primary.name == "eu-1",
      """
      \(story); the primary then read "\(primary.name)" instead of "eu-1". \(cause)
      """)
    #expect(
      backup.name == "eu-2",
      """
      \(story); the primary read "eu-1" but the backup "\(backup.name)" instead of "eu-2". \
      Each key keeps its own value, filed under `ObjectIdentifier(key)` (Step 1), and the \
      store keeps every write (Step 2).
      """)
  }
}

@Suite struct StoreEdgeCaseTests {
  @Test func keyPathsReachInsideAValue() {
    InjectedValues[\.readerSettings.fontSize] = 18
    defer { InjectedValues[\.readerSettings] = ReaderSettingsKey.defaultValue }
    let settings = InjectedValues[\.readerSettings]
    let lost =
      settings == ReaderSettingsKey.defaultValue
      ? " (the default: the write was not kept)" : ""
    #expect(
      settings == ReaderSettings(fontSize: 18, serif: true),
      """
      After `InjectedValues[\\.readerSettings.fontSize] = 18`, the settings read font size \
      \(settings.fontSize) and serif \(settings.serif)\(lost), instead of 18 and true (serif \
      untouched). A key path may reach inside a dependency; the static subscript must write \
      through the whole key path into the shared values (Step 2).
      """)
  }
}
