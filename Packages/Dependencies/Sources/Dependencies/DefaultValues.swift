import Foundation

// How a dependency that is not overridden gets its value: the cascade of live, preview and test
// values, cached per context (and per Swift Testing test).

extension DependencyValues {
  /// The context these values resolve defaults in.
  var resolvedContext: DependencyContext {
    storage.overriddenValue(
      of: ObjectIdentifier(DependencyContextKey.self), as: DependencyContext.self)
      ?? ContextDetection.processDefault
  }

  func cacheKey<Key>(_ key: Key.Type, context: DependencyContext) -> DefaultValueCache.Key {
    var test: AnyHashable?
    if context == .test, case .swiftTesting(let testing?) = TestContext.current {
      test = testing.id
    }
    return DefaultValueCache.Key(id: ObjectIdentifier(key), context: context, test: test)
  }

  /// The boxed default value of `key` in this context: cached, or computed now.
  @usableFromInline
  func defaultBox<Key: TestDependencyKey>(
    for key: Key.Type, at location: DependencyLocation, function: StaticString
  ) -> any AnyObject & Sendable {
    let context = resolvedContext
    let entry: DefaultValueCache.Entry
    if context != .test,
      let cached = storage.cache.sharedEntry(id: ObjectIdentifier(key), context: context)
    {
      entry = cached
    } else {
      entry = storage.cache.entry(for: cacheKey(key, context: context)) {
        computeDefault(key, context: context, function: function, location: location)
      }
    }
    if entry.isMissingLiveValue, !DependencyValues.isSetting {
      withMessageContext(function: function, location: location) {
        reportMissingLiveValue(key: Key.self, value: Key.Value.self)
      }
    }
    return entry.box
  }

  private func computeDefault<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext, function: StaticString,
    location: DependencyLocation
  ) -> DefaultValueCache.Entry {
    withMessageContext(function: function, location: location) {
      // A default may read other dependencies: it sees these values.
      // A default computed inside `prepareDependencies` belongs to that preparation, which may
      // still replace it.
      let preparationID = ThreadState.current.pointee.preparationID
      return DependencyValues.$_current.withValue(self) {
        switch context {
        case .live:
          if let liveKey = Key.self as? any DependencyKey.Type,
            let value = liveValue(of: liveKey) as? Key.Value
          {
            return .init(box: DependencyBox(value), preparationID: preparationID)
          }
          return .init(
            box: DependencyBox(Key.testValue), preparationID: preparationID,
            isMissingLiveValue: true)
        case .preview:
          return .init(box: DependencyBox(Key.previewValue), preparationID: preparationID)
        case .test:
          return .init(box: DependencyBox(Key.testValue), preparationID: preparationID)
        }
      }
    }
  }

  private func liveValue<Key: DependencyKey>(of key: Key.Type) -> Any {
    Key.liveValue
  }

  /// Records which accessor is being read, for messages, unless a `@Dependency` already did.
  private func withMessageContext<R>(
    function: StaticString, location: DependencyLocation, _ body: () -> R
  ) -> R {
    let state = ThreadState.current
    let savedName = state.pointee.name
    state.pointee.name = function
    defer { state.pointee.name = savedName }
    // A `@Dependency` being read has already said where.
    guard state.pointee.reading == nil else { return body() }
    return ThreadState.reading(location, body)
  }

  /// Stores a prepared value in the cache for the current context.
  @usableFromInline
  func prepare<Key: TestDependencyKey>(_ key: Key.Type, box: any AnyObject & Sendable) {
    guard let preparationID = ThreadState.current.pointee.preparationID else { return }
    let context = resolvedContext
    let stored = storage.cache.prepare(
      cacheKey(key, context: context), box: box, preparationID: preparationID,
      allowReplacing: context == .preview)
    if !stored {
      reportAlreadyPrepared(key: Key.self, value: Key.Value.self)
    }
  }
}
