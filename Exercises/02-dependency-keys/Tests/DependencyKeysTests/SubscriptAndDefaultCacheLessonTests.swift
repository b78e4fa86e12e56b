import DependencyKeys
import Testing

// The lesson's tests for Steps 3 and 4, one suite per step; Steps 1 and 2 are in
// DependencyKeysLessonTests.swift. They call your module by name
// (`DependencyKeys.DependencyValues`) and use keys that conform to your protocols, so your code
// runs, not the library's. The keys are in Fixtures.swift.

@Suite("Step 3: the subscript gives a set value, else the context's default")
struct SubscriptTests {
  @Test func eachContextGetsItsOwnDefault() {
    let expected: [DependencyKeys.DependencyContext: String] = [
      .live: "live stocks", .preview: "preview stocks", .test: "test stocks",
    ]
    for context in DependencyKeys.DependencyContext.allCases {
      let value = DependencyKeys.DependencyValues(context: context)[StocksKey.self]
      #expect(
        value == expected[context],
        """
        DependencyValues(context: \(context))[StocksKey.self] gave "\(value)" instead of \
        "\(expected[context]!)". Step 3: with nothing set, return the key's liveValue, \
        previewValue or testValue, following `context`. (If it is another context's value and \
        Step 3 was passing before, your cache from Step 4 ignores the context.)
        """)
    }
  }

  @Test func aSetValueWins() {
    for context in DependencyKeys.DependencyContext.allCases {
      var values = DependencyKeys.DependencyValues(context: context)
      let before = values
      values[WeatherKey.self] = "set weather"
      let set = values[WeatherKey.self]
      #expect(
        set == "set weather",
        """
        In the \(context) context, after `values[WeatherKey.self] = "set weather"`, reading \
        values[WeatherKey.self] gave "\(set)". Step 3: store what the setter receives, and \
        return it before looking at any default.
        """)
      let copy = before[WeatherKey.self]
      #expect(
        copy == "\(context.rawValue) weather",
        """
        A copy of the values taken before the set gave "\(copy)" for WeatherKey instead of \
        its default "\(context.rawValue) weather". DependencyValues is a value type: setting \
        a dependency changes that copy only. (If it gave another context's default, your cache \
        from Step 4 ignores the context.)
        """)
    }
  }

  @Test func aSetValueReplacesTheDefaultCompletely() {
    var values = DependencyKeys.DependencyValues(context: .test)
    values[UploadsKey.self] = "uploads stub"
    let (value, issues) = catchingIssues { values[UploadsKey.self] }
    #expect(
      value == "uploads stub",
      """
      values[UploadsKey.self] gave "\(value)" after it was set to "uploads stub". Step 3: a \
      set value wins.
      """)
    #expect(
      issues.isEmpty,
      """
      UploadsKey has no test value, but this test set it, so reading it must not report \
      anything. It reported \(issues.count) issue(s). Step 3: check the set values first, and \
      return a set value without looking at the default.
      """)
    #expect(
      UploadsKey.tally["live"] == 0,
      """
      UploadsKey has no test value, but this test set it, so reading it must not compute its \
      default. It computed its live value \(UploadsKey.tally["live"]) time(s). Step 3: check \
      the set values first, and return a set value without looking at the default.
      """)
  }

  @Test func aKeyWithoutALiveValueIsReportedInTheLiveContext() {
    let (value, issues) = catchingIssues {
      DependencyKeys.DependencyValues(context: .live)[RecommendationsKey.self]
    }
    #expect(
      value == "test recommendations",
      """
      RecommendationsKey is only a TestDependencyKey. In the live context it gave "\(value)"; \
      it should give its test value, "test recommendations", since it has nothing else.
      """)
    #expect(
      issues.count == 1,
      """
      Reading RecommendationsKey (no live value) in the live context reported \
      \(issues.count) issue(s); it should report one. An app that reaches a test value is \
      broken: Step 3, report it when `Key.self is any DependencyKey.Type` is false.
      """)
    if let message = issues.first {
      #expect(
        message.contains(name(of: RecommendationsKey.self)),
        """
        The issue's message should name the key, RecommendationsKey; it was \
        \(message.debugDescription). Step 3: interpolate `\\(Key.self)`.
        """)
      #expect(
        message.contains("liveValue"),
        """
        The issue's message should say how to fix it, giving the key a `liveValue` by \
        conforming to DependencyKey (it should contain "liveValue"); it was \
        \(message.debugDescription).
        """)
    }
  }
}

@Suite("Step 4: each default is computed once per key and context, for the whole process")
struct DefaultCacheTests {
  @Test func aDefaultIsComputedOnce() {
    let first = DependencyKeys.DependencyValues(context: .test)
    let second = DependencyKeys.DependencyValues(context: .test)
    let values = [first[ProfileKey.self], first[ProfileKey.self], second[ProfileKey.self]]
    #expect(
      values == ["test profile", "test profile", "test profile"],
      "Reading ProfileKey in the test context gave \(values) instead of its test value.")
    #expect(
      ProfileKey.tally["test"] == 1,
      """
      Reading ProfileKey three times, from two DependencyValues of the test context, computed \
      its testValue \(ProfileKey.tally["test"]) time(s); it must be computed once. Step 4: \
      keep each default in one cache for the whole process and return the stored value after \
      the first read.
      """)
  }

  @Test func eachContextCachesItsOwnDefault() {
    let order: [DependencyKeys.DependencyContext] = [
      .live, .test, .preview, .live, .test, .preview,
    ]
    var seen: [String] = []
    for context in order {
      seen.append(DependencyKeys.DependencyValues(context: context)[FeedKey.self])
    }
    let expected = order.map { "\($0.rawValue) feed" }
    let cause =
      if seen.allSatisfy({ $0 == "live feed" }) {
        """
        The first read, in the live context, decided the value for every context. The cache \
        must store one default per key AND context: a key read in the live context first must \
        still give its test value in a test. Step 4: put the context in the cache's key.
        """
      } else if seen.allSatisfy({ $0 == "test feed" }) {
        """
        Every context gave the test value, also the live context, which was read first. \
        Step 3: the subscript gives the default of `context`; Step 4: the cache stores one \
        default per key AND context.
        """
      } else {
        """
        Each context has its own default. Step 3: the subscript gives the default of \
        `context`; Step 4: the cache stores one default per key AND context.
        """
      }
    #expect(
      seen == expected,
      """
      Reading FeedKey in the contexts \(order.map(\.rawValue)) gave \(seen) instead of \
      \(expected). \(cause)
      """)
    let counts = ["live", "preview", "test"].map { FeedKey.tally[$0] }
    #expect(
      counts == [1, 1, 1],
      """
      Reading FeedKey twice in each context computed its live, preview and test values \
      \(counts) times; each should be computed once. Step 4: keep each default after its \
      first computation, one per key and context.
      """)
  }

  @Test func concurrentFirstReadsComputeOnce() async {
    let values = await withTaskGroup(of: String.self) { group in
      for _ in 0..<100 {
        group.addTask { DependencyKeys.DependencyValues(context: .test)[SearchKey.self] }
      }
      return await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(
      values == ["test search"],
      "100 tasks reading SearchKey at once got \(values.sorted()) instead of only \"test search\"."
    )
    #expect(
      SearchKey.tally["test"] == 1,
      """
      100 tasks reading the new key SearchKey at the same time computed its testValue \
      \(SearchKey.tally["test"]) times; exactly one computation is allowed. Step 4: keep each \
      default after its first computation, and while one task computes a default, the others \
      must wait for that value (hold a lock while checking and filling the entry), not \
      compute their own.
      """)
  }

  @Test func aDefaultCanReadAnotherDependency() async {
    let result = await finishing(within: 2) {
      let values = DependencyKeys.DependencyValues(context: .test)
      return [values[CartKey.self], values[CartKey.self]]
    }
    guard let result else {
      Issue.record(
        """
        Reading CartKey, whose testValue reads PricesKey through DependencyValues, did not \
        finish within 2 seconds: a deadlock. Step 4: do not hold the cache's lock while a \
        default is computed; the nested read needs it.
        """)
      return
    }
    #expect(
      result == ["cart priced with test prices", "cart priced with test prices"],
      "Reading CartKey twice gave \(result) instead of \"cart priced with test prices\" twice.")
    #expect(
      CartKey.tally["test"] == 1,
      """
      Reading CartKey twice computed its test value \(CartKey.tally["test"]) time(s); it \
      should be computed once. Step 4: keep each default after its first computation.
      """)
    #expect(
      PricesKey.tally["test"] == 1,
      """
      Reading CartKey twice computed its test value once, but PricesKey's test value, which \
      CartKey's default reads while it is computed, was computed \(PricesKey.tally["test"]) \
      time(s); it should be computed once too, like any default read while another is being \
      computed.
      """)
  }
}
