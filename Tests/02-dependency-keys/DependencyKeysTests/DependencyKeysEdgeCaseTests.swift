import ConcurrencyExtras
import DependencyKeys
import Dispatch
import Testing

// Edge cases graded on top of the lesson's tests. Every test has key types of its own (in
// EdgeCaseKeys.swift), because the default-value cache is shared by the whole test process.

@Suite struct DefaultValueEdgeCaseTests {
  @Test func aMissingTestValueIsReportedOnlyWhenComputed() {
    let (values, issues) = catchingIssues {
      let first = DependencyKeys.DependencyValues(context: .test)
      let second = DependencyKeys.DependencyValues(context: .test)
      return [first[BillingKey.self], first[BillingKey.self], second[BillingKey.self]]
    }
    #expect(
      values == ["live billing", "live billing", "live billing"],
      """
      BillingKey has only a liveValue; read three times in the test context it gave \(values) \
      instead of "live billing" each time.
      """)
    #expect(
      BillingKey.tally["live"] == 1,
      """
      BillingKey (no test value) was read three times in the test context and computed its \
      live value \(BillingKey.tally["live"]) time(s); its default must be computed once. \
      Defaults come through the shared cache (Step 3), which keeps each after its first \
      computation (Step 4).
      """)
    let cause =
      issues.isEmpty
      ? """
      A test that falls back to a live value is reported: Step 2, in the default testValue, \
      before it falls back.
      """
      : """
      The fallback happens once, when the default is computed and cached, so it is reported \
      once: the report belongs in the default testValue (Step 2), not in the subscript.
      """
    #expect(
      issues.count == 1,
      """
      BillingKey (no test value) was read three times in the test context and its default \
      was computed once, but it reported \(issues.count) issue(s). \(cause)
      """)
  }

  @Test func aMissingLiveValueIsReportedOnEveryLiveRead() {
    let (values, issues) = catchingIssues {
      let first = DependencyKeys.DependencyValues(context: .live)
      let second = DependencyKeys.DependencyValues(context: .live)
      return [first[LoggerKey.self], first[LoggerKey.self], second[LoggerKey.self]]
    }
    #expect(
      values == ["test logger", "test logger", "test logger"],
      """
      LoggerKey is only a TestDependencyKey; read three times in the live context it gave \
      \(values) instead of its test value each time.
      """)
    let cause =
      switch issues.count {
      case 0:
        """
        In the live context, the subscript reports a key without a live value (Step 3), on \
        every read.
        """
      case 1:
        """
        Every such read is reported, as the library does, not only one. A report inside what \
        the cache computes comes on the first read only: keep it outside (Step 3).
        """
      default:
        "Every such read is reported once, as the library does (Step 3)."
      }
    #expect(
      issues.count == 3,
      """
      LoggerKey (no live value) was read three times in the live context and reported \
      \(issues.count) issue(s). \(cause)
      """)
    #expect(
      LoggerKey.tally["test"] == 1,
      """
      LoggerKey's test value, used in the live context, was computed \
      \(LoggerKey.tally["test"]) time(s) over three reads; it is a default like any other, \
      computed once. Defaults come through the shared cache (Step 3), which keeps each after \
      its first computation (Step 4).
      """)
  }

  @Test func previewsOfALiveOnlyKeyAreQuiet() {
    let (values, issues) = catchingIssues {
      [
        DependencyKeys.DependencyValues(context: .preview)[ChatKey.self],
        DependencyKeys.DependencyValues(context: .preview)[ChatKey.self],
      ]
    }
    #expect(
      values == ["live chat", "live chat"],
      """
      ChatKey has only a liveValue; read twice in previews it gave \(values) instead of \
      "live chat" each time: a key without a preview value previews its live value. Step 3: \
      in previews the subscript gives previewValue (Step 1: which falls back to liveValue).
      """)
    #expect(
      issues.isEmpty,
      """
      ChatKey has only a liveValue; read twice in previews it gave "live chat" but reported \
      \(issues.count) issue(s). It should give it quietly: only tests are warned \
      about live values. Only the default testValue reports, so previews must not reach it: \
      in previews the subscript gives previewValue (Step 3), and a DependencyKey's \
      previewValue falls back to liveValue, not to testValue (Step 1).
      """)
    #expect(
      ChatKey.tally["live"] == 1,
      """
      ChatKey's live value was computed \(ChatKey.tally["live"]) time(s) for two preview \
      reads; the preview default must be computed once. Defaults come through the shared \
      cache (Step 3), which keeps each after its first computation (Step 4).
      """)
  }

  @Test func setValuesStayInTheirCopy() {
    var first = DependencyKeys.DependencyValues(context: .preview)
    first[TranslationKey.self] = "first"
    var second = first
    second[TranslationKey.self] = "second"
    let fresh = DependencyKeys.DependencyValues(context: .preview)
    let seen = (
      first: first[TranslationKey.self], second: second[TranslationKey.self],
      fresh: fresh[TranslationKey.self]
    )
    let story = """
      Set to "first" in preview values, copied, and set to "second" in the copy, \
      TranslationKey read \([seen.first, seen.second, seen.fresh]) from the original, the copy \
      and fresh preview values, instead of ["first", "second", "preview translation"]
      """
    let notKept =
      ["live translation", "preview translation", "test translation"].contains(seen.first)
      ? " (a default: the set value was not kept)" : ""
    #expect(
      seen.first == "first",
      """
      \(story): the original read "\(seen.first)"\(notKept). Step 3: keep set values in the \
      struct itself and return them before any default.
      """)
    #expect(
      seen.second == "second",
      """
      \(story): the copy read "\(seen.second)". Each DependencyValues keeps its own set \
      values: setting one in a copy changes that copy (Step 3).
      """)
    #expect(
      seen.fresh == "preview translation",
      """
      \(story): fresh values read "\(seen.fresh)". A set value never becomes the default of \
      other values, and fresh preview values give the key's previewValue (Step 3).
      """)
  }

  @Test func anotherKeyIsNotAffectedBySettingOne() {
    var values = DependencyKeys.DependencyValues(context: .test)
    values[SharingKey.self] = "set sharing"
    let seen = (sharing: values[SharingKey.self], messaging: values[MessagingKey.self])
    #expect(
      seen.sharing == "set sharing",
      """
      After `values[SharingKey.self] = "set sharing"` in test values, SharingKey read \
      "\(seen.sharing)". Step 3: keep set values in the struct and return them before any \
      default.
      """)
    #expect(
      seen.messaging == "test messaging",
      """
      After setting SharingKey only, MessagingKey read "\(seen.messaging)" instead of its \
      test value, "test messaging". Store set values by key type (`ObjectIdentifier(key)`), \
      so that setting one key leaves the others alone (Step 3).
      """)
  }

  @Test func concurrentFirstReadsInEveryContext() async {
    let contexts = DependencyKeys.DependencyContext.allCases
    let mistakes = await withTaskGroup(of: String?.self) { group in
      for index in 0..<150 {
        let context = contexts[index % contexts.count]
        group.addTask {
          let value = DependencyKeys.DependencyValues(context: context)[HistoryKey.self]
          return value == "\(context.rawValue) history" ? nil : context.rawValue
        }
      }
      return await group.reduce(into: Set<String>()) { if let wrong = $1 { $0.insert(wrong) } }
    }
    // Which contexts read wrong depends on which task ran first, so the words give how many.
    let wrongContexts = mistakes.count
    #expect(
      wrongContexts == 0,
      """
      150 tasks reading HistoryKey at once, 50 in each of the three contexts: in \
      \(wrongContexts) of the 3 contexts, some reads did not get that context's own value. \
      Each context has its own default: the subscript gives the default of `context` \
      (Step 3), and the cache keeps one per key AND context (Step 4).
      """)
    let counts = ["live", "preview", "test"].map { HistoryKey.tally[$0] }
    #expect(
      counts == [1, 1, 1],
      """
      150 tasks reading the new key HistoryKey at once in the live, preview and test contexts \
      computed its three values \(counts) times instead of once each. Step 4: keep each \
      default after its first computation; while a default is computed, readers of the same \
      key and context wait for it.
      """)
  }

  @Test func defaultsReadingOtherDefaultsFromManyTasks() async {
    let result = await finishing(within: 2) {
      let seen = LockIsolated(Set<String>())
      DispatchQueue.concurrentPerform(iterations: 50) { _ in
        let value = DependencyKeys.DependencyValues(context: .test)[OrdersKey.self]
        seen.withValue { _ = $0.insert(value) }
      }
      return seen.value
    }
    guard let result else {
      Issue.record(
        """
        50 threads reading OrdersKey, whose default reads ShippingKey, did not finish within 2 \
        seconds: a deadlock. Do not hold a lock that the nested read needs while a default is \
        computed.
        """)
      return
    }
    #expect(
      result == ["orders shipped by test shipping"],
      """
      50 threads reading OrdersKey got \(result.sorted()) instead of only "orders shipped by \
      test shipping".
      """)
    #expect(
      OrdersKey.tally["test"] == 1,
      """
      50 threads reading OrdersKey (whose default reads ShippingKey) at once computed its test \
      value \(OrdersKey.tally["test"]) time(s) instead of once. Defaults come through the \
      shared cache (Step 3), which keeps each after its first computation; while one is \
      computed, readers of the same key and context wait for it (Step 4).
      """)
    #expect(
      ShippingKey.tally["test"] == 1,
      """
      50 threads reading OrdersKey at once computed its test value once, but ShippingKey's, \
      which OrdersKey's default reads while it is computed, \(ShippingKey.tally["test"]) \
      time(s) instead of once. A default read while another is computed is cached like any \
      other (Step 4).
      """)
  }

  @Test func aDefaultMayReadAnotherDependencyOnAnotherThread() async {
    let result = await finishing(within: 4) {
      let values = DependencyKeys.DependencyValues(context: .test)
      return [values[InvoiceKey.self], values[InvoiceKey.self]]
    }
    #expect(
      result == ["invoice in test currency", "invoice in test currency"],
      """
      InvoiceKey's default reads CurrencyKey on another thread and waits for it (2 seconds at \
      most). Read twice, it gave \(result.map { "\($0)" } ?? "nothing in time") instead of \
      "invoice in test currency" twice. If it says "invoice without a currency", the read on \
      the other thread waited for a lock held while InvoiceKey was computed: hold no lock that \
      other keys need while a default is computed.
      """)
    #expect(
      InvoiceKey.tally["test"] == 1,
      """
      Reading InvoiceKey twice computed its test value \(InvoiceKey.tally["test"]) time(s); it \
      should be computed once. Defaults come through the shared cache (Step 3), which keeps \
      each after its first computation (Step 4).
      """)
  }

  @Test func aDefaultThatIsNilIsCachedToo() {
    let values = [
      DependencyKeys.DependencyValues(context: .test)[NicknameKey.self],
      DependencyKeys.DependencyValues(context: .test)[NicknameKey.self],
    ]
    #expect(
      values == [nil, nil],
      """
      NicknameKey's value type is `String?` and its test value is nil. Read twice in the test \
      context, it gave \(values) instead of nil twice.
      """)
    #expect(
      NicknameKey.tally["test"] == 1,
      """
      NicknameKey's value type is `String?` and its test value is nil. Read twice, it gave nil \
      twice, but its test value was computed \(NicknameKey.tally["test"]) time(s) instead of \
      once. Defaults come through the shared cache (Step 3), which keeps each after its first \
      computation, also nil (Step 4): "no entry yet" and "an entry holding nil" are not the \
      same.
      """)
  }
}
