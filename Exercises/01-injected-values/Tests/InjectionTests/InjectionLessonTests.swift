import Injection
import Testing

// The lesson's tests, one suite per step. Swift Testing runs suites in parallel, so failures
// can print in any order: fix the lowest-numbered failing step first.
// Run one step with `swift test --filter KeySubscriptTests` (or StoreTests,
// InjectedWrapperTests, WithValueTests).
//
// Steps 2 to 4 change the app-wide store. Each test there overrides only dependencies that no
// other test touches (Fixtures.swift says which), so tests running side by side cannot see
// each other's values.

@Suite("Step 1: a key reads the value set for it, else its default")
struct KeySubscriptTests {
  @Test func defaultUntilSet() {
    var values = InjectedValues()
    let before = values[GreetingKey.self]
    values[GreetingKey.self] = "Hi"
    let after = values[GreetingKey.self]
    let throughProperty = values.greeting
    #expect(
      after == "Hi",
      """
      After `values[GreetingKey.self] = "Hi"`, reading `values[GreetingKey.self]` gave \
      "\(after)". Step 1: the setter must store the value in `overrides`, and the getter must \
      return it from there.
      """)
    #expect(
      throughProperty == "Hi",
      """
      After `values[GreetingKey.self] = "Hi"`, the app's property `values.greeting` (which \
      reads `self[GreetingKey.self]`) gave "\(throughProperty)". Step 1: the getter must \
      return the value that was set.
      """)
    #expect(
      before == "Hello",
      """
      A new `InjectedValues()` read "\(before)" for `GreetingKey`, whose default is "Hello". \
      Step 1: while nothing is set for a key, return `Key.defaultValue`.
      """)
  }

  @Test func eachKeyHasItsOwnValue() {
    var values = InjectedValues()
    values[GreetingKey.self] = "Hi"
    let greeting = values[GreetingKey.self]
    let accentColor = values[AccentColorKey.self]
    #expect(
      greeting == "Hi",
      """
      After `values[GreetingKey.self] = "Hi"`, `values[GreetingKey.self]` read "\(greeting)". \
      Step 1: the setter must store the value, and the getter must return it.
      """)
    #expect(
      accentColor == "blue",
      """
      Setting `GreetingKey` to "Hi" changed `AccentColorKey` too: it read "\(accentColor)" \
      instead of its default "blue". Both keys hold a `String`. Step 1: file each value under \
      its key's own type, `ObjectIdentifier(key)`, not under its value's type.
      """)
    values.accentColor = "green"
    let both = (greeting: values.greeting, accentColor: values.accentColor)
    #expect(
      both.accentColor == "green",
      """
      After setting `greeting` to "Hi" and then `accentColor` to "green", the accent colour \
      read "\(both.accentColor)" instead of "green". Step 1: each key keeps its own value, \
      under `ObjectIdentifier(key)`.
      """)
    #expect(
      both.greeting == "Hi",
      """
      After setting `greeting` to "Hi" and then `accentColor` to "green", the greeting read \
      "\(both.greeting)" instead of "Hi": setting the accent colour changed it. Step 1: each \
      key keeps its own value, under `ObjectIdentifier(key)`.
      """)
  }
}

@Suite("Step 2: the key-path subscript reads and writes the app's current values")
struct StoreTests {
  @Test func writesAreSeenByTheNextRead() {
    let before = InjectedValues[\.apiBaseURL]
    InjectedValues[\.apiBaseURL] = APIBaseURL(address: "https://staging.example.com")
    defer { InjectedValues[\.apiBaseURL] = APIBaseURLKey.defaultValue }
    let after = InjectedValues[\.apiBaseURL]
    #expect(
      after.address == "https://staging.example.com",
      """
      After `InjectedValues[\\.apiBaseURL] = APIBaseURL(address: \
      "https://staging.example.com")`, reading `InjectedValues[\\.apiBaseURL]` gave \
      "\(after.address)". Step 2: the setter must change the shared values themselves (inside \
      `current.withLock { … }`, not a copy taken out of it), and the getter must read them \
      (not a new `InjectedValues()`, which only knows the defaults). The key path goes through \
      Step 1's subscript, so Step 1 must work first.
      """)
    #expect(
      before.address == "https://api.example.com",
      """
      Before anything was written, `InjectedValues[\\.apiBaseURL]` read "\(before.address)" \
      instead of the key's default "https://api.example.com". Steps 1 and 2: an unset key \
      reads its default.
      """)
  }

  @Test func writesAreSeenFromOtherTasks() async {
    InjectedValues[\.sessionToken] = SessionToken(token: "written by the test")
    defer { InjectedValues[\.sessionToken] = SessionTokenKey.defaultValue }
    let seenElsewhere = await Task.detached { InjectedValues[\.sessionToken] }.value
    let seenByTheTest = InjectedValues[\.sessionToken]
    #expect(
      seenElsewhere.token == "written by the test",
      """
      The test set `InjectedValues[\\.sessionToken]` to "written by the test", but a detached \
      task then read "\(seenElsewhere.token)" (and the test itself read \
      "\(seenByTheTest.token)"). Step 2: there is one store for the whole app; write into \
      `current` and read from it, under its lock. The key path goes through Step 1's \
      subscript, so Step 1 must work first.
      """)
    await Task.detached {
      InjectedValues[\.sessionToken] = SessionToken(token: "written by another task")
    }.value
    let seenHere = InjectedValues[\.sessionToken]
    #expect(
      seenHere.token == "written by another task",
      """
      A detached task set `InjectedValues[\\.sessionToken]` to "written by another task", but \
      the test then read "\(seenHere.token)". Step 2: a write from any thread must reach the \
      shared values.
      """)
  }
}

@Suite("Step 3: @Injected reads the store at each access and writes to it")
struct InjectedWrapperTests {
  @Test func readsTheStoreWhenAccessed() {
    @Injected(\.theme) var theme: Theme
    let first = theme
    InjectedValues[\.theme] = Theme(name: "dark")
    defer { InjectedValues[\.theme] = ThemeKey.defaultValue }
    let second = theme
    let inStore = InjectedValues[\.theme]
    let storeNote = inStore.name == "dark" ? "" : " (Step 2 must work first.)"
    #expect(
      second.name == "dark",
      """
      An `@Injected(\\.theme)` property made while the theme was "light" read \
      "\(second.name)" after `InjectedValues[\\.theme]` was set to "dark" (the store itself \
      then read "\(inStore.name)"). Step 3: read `InjectedValues[keyPath]` every time the \
      property is read; never keep a copy from when the wrapper was made.\(storeNote)
      """)
    #expect(
      first.name == "light",
      """
      Before any override, `@Injected(\\.theme)` read "\(first.name)" instead of the default \
      "light".
      """)
  }

  @Test func settingTheWrapperWritesTheStore() {
    @Injected(\.pageSize) var pageSize: PageSize
    @Injected(\.pageSize) var samePageSizeElsewhere: PageSize
    pageSize = PageSize(count: 50)
    defer { InjectedValues[\.pageSize] = PageSizeKey.defaultValue }
    let inStore = InjectedValues[\.pageSize]
    let throughOtherWrapper = samePageSizeElsewhere
    #expect(
      inStore.count == 50,
      """
      After `pageSize = PageSize(count: 50)` on an `@Injected(\\.pageSize)` property, \
      `InjectedValues[\\.pageSize]` read \(inStore.count) instead of 50. Step 3: the setter \
      must write `newValue` into the app's values, `InjectedValues[keyPath] = newValue`. \
      (Step 2 must work first.)
      """)
    #expect(
      throughOtherWrapper.count == 50,
      """
      After one `@Injected(\\.pageSize)` property was set to 50, another property for the same \
      dependency read \(throughOtherWrapper.count). Step 3: both must read the one shared \
      store, at each access.
      """)
  }
}

@Suite("Step 4: withValue overrides for one operation and puts the old value back")
struct WithValueTests {
  @Test func overridesOnlyDuringTheOperation() {
    var readInside: WelcomeMessage?
    let inside = InjectedValues.withValue(\.welcomeMessage, WelcomeMessage(text: "Test banner")) {
      let message = InjectedValues[\.welcomeMessage]
      readInside = message
      return message
    }
    let after = InjectedValues[\.welcomeMessage]
    #expect(
      inside.text == "Test banner",
      """
      `InjectedValues.withValue(\\.welcomeMessage, WelcomeMessage(text: "Test banner")) { … }` \
      returned "\(inside.text)"; its operation \
      \(readInside.map { "read \"\($0.text)\"" } ?? "never ran"). Step 4: set the new value \
      before running `operation`, and return what it returns. (Step 2's store must work \
      first.)
      """)
    #expect(
      after.text == "Welcome!",
      """
      After `withValue` returned, `InjectedValues[\\.welcomeMessage]` read "\(after.text)" \
      instead of the value it had before, "Welcome!". Step 4: put the old value back when \
      `operation` ends.
      """)
  }

  @Test func restoresWhenTheOperationThrows() {
    var inside: RetryLimit?
    var thrown: (any Error)?
    do {
      try InjectedValues.withValue(\.retryLimit, RetryLimit(attempts: 0)) {
        inside = InjectedValues[\.retryLimit]
        throw RequestFailed()
      }
    } catch {
      thrown = error
    }
    let after = InjectedValues[\.retryLimit]
    #expect(
      inside?.attempts == 0,
      """
      Inside `withValue(\\.retryLimit, RetryLimit(attempts: 0)) { … }`, the operation \
      \(inside.map { "read \($0.attempts) attempts instead of 0" } ?? "never ran"). Step 4: \
      set the new value, then run `operation`. (Step 2's store must work first.)
      """)
    #expect(
      thrown is RequestFailed,
      """
      The operation threw `RequestFailed`, but the caller of `withValue` \
      \(thrown == nil ? "got no error" : "got another error"). Step 4: let the error through.
      """)
    #expect(
      after.attempts == 3,
      """
      The operation threw, and afterwards `InjectedValues[\\.retryLimit]` read \
      \(after.attempts) attempts instead of the 3 it had before: the override leaked out. \
      Step 4: put the old value back however `operation` ends (`defer`).
      """)
  }

  @MainActor @Test func testsTheArticleListWithAStub() async {
    let model = ArticleListModel()
    var providerInside: (any NetworkProviding)?
    await InjectedValues.withValue(
      \.networkProvider, StubNetworkProvider(titles: ["Swift 6", "Testing"])
    ) {
      await model.load()
      providerInside = InjectedValues[\.networkProvider]
    }
    let providerAfter = InjectedValues[\.networkProvider]
    let whereItWent: String
    if let providerInside, providerInside is StubNetworkProvider {
      whereItWent = """
        The store held the stub during the operation, so the model's `@Injected` property did \
        not read it. Step 3: `@Injected` must read the store each time the model uses it.
        """
    } else if let providerInside {
      whereItWent = """
        During the operation the store held \(type(of: providerInside)), not the stub. Step 4: \
        the async `withValue` must set the value for the whole operation. (Step 2's store must \
        work first.)
        """
    } else {
      whereItWent = "The operation never ran. Step 4: the async `withValue` must run it."
    }
    #expect(
      model.titles == ["Swift 6", "Testing"],
      """
      An `ArticleListModel` (made before the override) loaded \(model.titles) inside \
      `withValue(\\.networkProvider, StubNetworkProvider(…))`, not the stub's ["Swift 6", \
      "Testing"]. \(whereItWent)
      """)
    #expect(
      providerAfter is LiveNetworkProvider,
      """
      After the async `withValue` returned, the app's network provider was \
      \(type(of: providerAfter)) instead of LiveNetworkProvider, the one it had before. \
      Step 4: the async `withValue` must put the old value back too.
      """)
  }
}
