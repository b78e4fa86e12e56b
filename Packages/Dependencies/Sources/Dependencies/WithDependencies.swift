import Foundation

/// Runs `operation` with some dependencies changed; everything it calls, and every task it
/// starts, sees the changes. The previous values come back when it returns.
///
/// ```swift
/// let model = withDependencies {
///   $0.uuid = .incrementing
///   $0.apiClient.fetchUser = { _ in .mock }
/// } operation: {
///   ProfileModel()
/// }
/// ```
///
/// Inside the update closure, reading a dependency in order to change part of it reports nothing,
/// even when it has no test value. A class instance returned by `operation` remembers these
/// values, so ``withDependencies(from:operation:fileID:filePath:line:column:)`` can pass them on
/// to the models it creates.
///
/// - Parameters:
///   - updateValuesForOperation: Changes the values `operation` sees: assign a dependency, or a
///     property of one.
///   - operation: The code that runs with the changed values.
/// - Returns: What `operation` returns.
@discardableResult
@inlinable
public func withDependencies<R>(
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues._current
  let state = ThreadState.current
  let wasSetting = state.pointee.isSetting
  state.pointee.isSetting = true
  defer { state.pointee.isSetting = wasSetting }
  try updateValuesForOperation(&values)
  state.pointee.isSetting = wasSetting
  let result = try DependencyValues.$_current.withValue(values, operation: operation)
  rememberValues(of: result, values)
  return result
}

/// Runs the async `operation` with some dependencies changed, on the caller's actor.
///
/// ```swift
/// let user = await withDependencies {
///   $0.apiClient.fetchUser = { _ in .mock }
/// } operation: {
///   await model.refresh()
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor both closures run on; by default the caller's.
///   - updateValuesForOperation: Changes the values `operation` sees; it may await.
///   - operation: The code that runs with the changed values.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues._current
  try await AsyncSettingFlag.$isSetting.withValue(
    true,
    operation: { try await updateValuesForOperation(&values) },
    isolation: isolation)
  let scoped = values
  return try await DependencyValues.$_current.withValue(
    scoped,
    operation: {
      let result = try await operation()
      rememberValues(of: result, scoped)
      return result
    },
    isolation: isolation)
}

/// Sets dependencies once, for the whole process, before anything reads them.
///
/// Call it at the app's entry point. Unlike ``withDependencies(_:operation:)`` it changes the
/// defaults themselves, so code outside any scope (a `static` `@Dependency`, a singleton) sees
/// the values too:
///
/// ```swift
/// @main struct MyApp: App {
///   init() {
///     prepareDependencies {
///       $0.defaultDatabase = try! DatabaseQueue(path: "app.sqlite")
///     }
///   }
/// }
/// ```
///
/// A dependency can be prepared once, and only before it is first read; otherwise an issue is
/// reported and the value is not changed (previews may prepare again). Setting `$0.context`
/// here sets the context for the rest of the process, provided nothing has read or prepared a
/// dependency yet.
///
/// - Parameter updateValues: Sets the dependencies' values for the process.
/// - Returns: What `updateValues` returns.
public func prepareDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> R
) rethrows -> R {
  var values = DependencyValues._current
  let state = ThreadState.current
  let (wasSetting, previousID) = (state.pointee.isSetting, state.pointee.preparationID)
  (state.pointee.isSetting, state.pointee.preparationID) = (true, UUID())
  defer { (state.pointee.isSetting, state.pointee.preparationID) = (wasSetting, previousID) }
  return try updateValues(&values)
}
