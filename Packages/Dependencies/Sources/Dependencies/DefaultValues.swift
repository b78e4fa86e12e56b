import Foundation

// How a dependency that is not overridden gets its value: the cascade of live, preview and test
// values, cached per context (and per Swift Testing test).

extension DependencyValues {
  /// The context these values resolve defaults in: an override of `\.context`, else the one
  /// `prepareDependencies` set, else the process's own.
  var resolvedContext: DependencyContext {
    if let overridden = storage.overriddenValue(
      of: ObjectIdentifier(DependencyContextKey.self), as: DependencyContext.self)
    {
      return overridden
    }
    let detected = ContextDetection.processDefault
    // Checked first, so that the common case does not even make the cache key.
    guard storage.cache.hasPreparedAContext else { return detected }
    return storage.cache.preparedContext(contextCacheKey(detected)) ?? detected
  }

  /// Where the context a `prepareDependencies` call sets is kept: under the context's own key, in
  /// the process's context (and, in a Swift Testing test, for that test).
  private func contextCacheKey(_ detected: DependencyContext) -> DefaultValueCache.Key {
    cacheKey(DependencyContextKey.self, context: detected)
  }

  /// Notes that these values' context was used, as `prepareDependencies` needs it to be fixed
  /// before anything reads a default: from now on, only the preparation running now (if any)
  /// may still change it. Nothing to note when the context is overridden in a scope.
  func noteContextUsed() {
    guard
      storage.overriddenValue(
        of: ObjectIdentifier(DependencyContextKey.self), as: DependencyContext.self) == nil
    else { return }
    // Nothing is stored when a context was prepared: then the prepared one is already fixed.
    let detected = ContextDetection.processDefault
    storage.cache.decideContext(
      contextCacheKey(detected), detected,
      preparationID: ThreadState.current.pointee.preparationID)
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
        // The first default made in a context fixes it: a later `prepareDependencies` may no
        // longer change it.
        noteContextUsed()
        return computeDefault(key, context: context, function: function, location: location)
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
    if Key.self == DependencyContextKey.self {
      prepareContext(unsafeDowncast(box, to: DependencyBox<DependencyContext>.self).value)
      return
    }
    // Preparing a value fixes the context it is prepared in, as reading one does.
    noteContextUsed()
    let context = resolvedContext
    let stored = storage.cache.prepare(
      cacheKey(key, context: context), box: box, preparationID: preparationID,
      allowReplacing: context == .preview)
    if !stored {
      reportAlreadyPrepared(key: Key.self, value: Key.Value.self)
    }
  }

  /// Makes `context` the context of these values from now on (for a Swift Testing test without
  /// the `.dependencies` trait: of that test), unless it was already used or prepared outside
  /// the preparation running now, which is reported.
  private func prepareContext(_ context: DependencyContext) {
    guard let preparationID = ThreadState.current.pointee.preparationID else { return }
    let detected = ContextDetection.processDefault
    let stored = storage.cache.prepareContext(
      contextCacheKey(detected), context, preparationID: preparationID,
      allowReplacing: detected == .preview)
    if !stored {
      reportContextAlreadyDecided(current: resolvedContext, requested: context)
    }
  }

  /// Forgets every default the process's values cached or had prepared, as if no dependency had
  /// been read yet, and returns the values they held. `DependenciesTestSupport` calls it before
  /// each XCTest test method. Values made with `DependencyValues()` keep caches of their own and
  /// are not touched.
  package static func forgetProcessDefaults() -> [any AnyObject & Sendable] {
    DependencyValues._current.storage.cache.reset()
  }
}
