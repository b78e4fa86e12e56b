import ConcurrencyExtras
import DependencyKeys
import Dispatch
import Testing

// Edge cases graded on top of the lesson's tests. Every test has key types of its own (below),
// because the default-value cache is shared by the whole test process.

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
      issues.count == 1 && BillingKey.tally["live"] == 1,
      """
      BillingKey (no test value) was read three times in the test context: it reported \
      \(issues.count) issue(s) and computed its live value \(BillingKey.tally["live"]) \
      time(s). The fallback happens once, when the default is computed and cached, so it is \
      reported once.
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
    #expect(
      issues.count == 3,
      """
      LoggerKey (no live value) was read three times in the live context and reported \
      \(issues.count) issue(s); every such read is reported, as the library does, not only \
      the first one.
      """)
    #expect(
      LoggerKey.tally["test"] == 1,
      """
      LoggerKey's test value, used in the live context, was computed \
      \(LoggerKey.tally["test"]) time(s) over three reads; it is a default like any other, \
      computed once.
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
      values == ["live chat", "live chat"] && issues.isEmpty,
      """
      ChatKey has only a liveValue; in previews it gave \(values) and reported \
      \(issues.count) issue(s). It should give "live chat" quietly: only tests are warned \
      about live values.
      """)
    #expect(
      ChatKey.tally["live"] == 1,
      """
      ChatKey's live value was computed \(ChatKey.tally["live"]) time(s) for two preview \
      reads; the preview default must be computed once.
      """)
  }

  @Test func setValuesStayInTheirCopy() {
    var first = DependencyKeys.DependencyValues(context: .preview)
    first[TranslationKey.self] = "first"
    var second = first
    second[TranslationKey.self] = "second"
    let fresh = DependencyKeys.DependencyValues(context: .preview)
    let seen = [
      first[TranslationKey.self], second[TranslationKey.self], fresh[TranslationKey.self],
    ]
    #expect(
      seen == ["first", "second", "preview translation"],
      """
      Set to "first", copied, and set to "second" in the copy, TranslationKey read \(seen) \
      from the original, the copy and fresh values; it should read ["first", "second", \
      "preview translation"]. Each DependencyValues keeps its own set values, and a set value \
      never becomes the default of other values.
      """)
  }

  @Test func anotherKeyIsNotAffectedBySettingOne() {
    var values = DependencyKeys.DependencyValues(context: .test)
    values[SharingKey.self] = "set sharing"
    let seen = [values[SharingKey.self], values[MessagingKey.self]]
    #expect(
      seen == ["set sharing", "test messaging"],
      """
      After setting SharingKey only, SharingKey and MessagingKey read \(seen) instead of \
      ["set sharing", "test messaging"]. Store set values by key type \
      (`ObjectIdentifier(key)`).
      """)
  }

  @Test func concurrentFirstReadsInEveryContext() async {
    let contexts = DependencyKeys.DependencyContext.allCases
    let wrong = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<150 {
        let context = contexts[index % contexts.count]
        group.addTask {
          DependencyKeys.DependencyValues(context: context)[HistoryKey.self]
            != "\(context.rawValue) history"
        }
      }
      return await group.reduce(false) { $0 || $1 }
    }
    #expect(
      !wrong,
      """
      150 tasks reading HistoryKey at once, in all three contexts, did not all get their own \
      context's value: each context has its own default.
      """)
    let counts = ["live", "preview", "test"].map { HistoryKey.tally[$0] }
    #expect(
      counts == [1, 1, 1],
      """
      150 tasks reading the new key HistoryKey at once in the live, preview and test contexts \
      did not compute each of its three values exactly once. While a default is computed, \
      readers of the same key and context wait for it.
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
      OrdersKey.tally["test"] == 1 && ShippingKey.tally["test"] == 1,
      """
      50 threads reading OrdersKey (whose default reads ShippingKey) at once did not compute \
      each of the two defaults exactly once.
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
      should be computed once.
      """)
  }

  @Test func aDefaultThatIsNilIsCachedToo() {
    let values = [
      DependencyKeys.DependencyValues(context: .test)[NicknameKey.self],
      DependencyKeys.DependencyValues(context: .test)[NicknameKey.self],
    ]
    #expect(
      values == [nil, nil] && NicknameKey.tally["test"] == 1,
      """
      NicknameKey's value type is `String?` and its test value is nil. Read twice, it gave \
      \(values) and its test value was computed \(NicknameKey.tally["test"]) time(s); it \
      should give nil twice and be computed once. A cached nil is still a cached value: do \
      not confuse "no entry" with "an entry holding nil".
      """)
  }
}

// MARK: - Keys of the edge cases

/// Only a live value, counted.
enum BillingKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live billing"
  }
}

/// Only a test value, counted.
enum LoggerKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    return "test logger"
  }
}

/// Only a live value, counted.
enum ChatKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live chat"
  }
}

/// All three values.
enum TranslationKey: DependencyKeys.DependencyKey {
  static let liveValue = "live translation"
  static let previewValue = "preview translation"
  static let testValue = "test translation"
}

/// Live and test values.
enum SharingKey: DependencyKeys.DependencyKey {
  static let liveValue = "live sharing"
  static let testValue = "test sharing"
}

/// Live and test values.
enum MessagingKey: DependencyKeys.DependencyKey {
  static let liveValue = "live messaging"
  static let testValue = "test messaging"
}

/// All three values, counted.
enum HistoryKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static var liveValue: String {
    tally.record("live")
    return "live history"
  }
  static var previewValue: String {
    tally.record("preview")
    return "preview history"
  }
  static var testValue: String {
    tally.record("test")
    return "test history"
  }
}

/// A test value, counted; read while `OrdersKey`'s default is computed.
enum ShippingKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    return "test shipping"
  }
}

/// A test value, counted, that reads `ShippingKey` while it is computed.
enum OrdersKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    let shipping = DependencyKeys.DependencyValues(context: .test)[ShippingKey.self]
    return "orders shipped by \(shipping)"
  }
}

/// A test value, read on another thread while `InvoiceKey`'s default is computed.
enum CurrencyKey: DependencyKeys.TestDependencyKey {
  static let testValue = "test currency"
}

/// A test value that reads `CurrencyKey` on another thread and waits for it, 2 seconds at most.
enum InvoiceKey: DependencyKeys.TestDependencyKey {
  static let tally = Tally()
  static var testValue: String {
    tally.record("test")
    let currency = LockIsolated<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      currency.setValue(DependencyKeys.DependencyValues(context: .test)[CurrencyKey.self])
      done.signal()
    }
    guard done.wait(timeout: .now() + 2) == .success, let currency = currency.value else {
      return "invoice without a currency"
    }
    return "invoice in \(currency)"
  }
}

/// An optional value whose test value is nil, counted.
enum NicknameKey: DependencyKeys.DependencyKey {
  static let tally = Tally()
  static let liveValue: String? = "live nickname"
  static var testValue: String? {
    tally.record("test")
    return nil
  }
}
