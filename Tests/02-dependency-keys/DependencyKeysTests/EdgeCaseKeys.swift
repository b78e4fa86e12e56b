import ConcurrencyExtras
import DependencyKeys
import Dispatch

// The keys of the edge cases in DependencyKeysEdgeCaseTests.swift. Every test has key types of
// its own, because the default-value cache is shared by the whole test process.

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
