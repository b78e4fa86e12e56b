import IssueReporting

/// Runs `operation` with the dependencies `model` was created with, with some changed.
///
/// A parent model calls it to create a child that uses the same dependencies as the parent,
/// even when the parent was created in a `withDependencies` scope that ended long ago:
///
/// ```swift
/// final class AppModel {
///   @Dependency(\.apiClient) var apiClient
///   var onboarding: ProfileModel?
///
///   func tutorialButtonTapped() {
///     onboarding = withDependencies(from: self) {
///       $0.account = "tutorial"
///     } operation: {
///       ProfileModel()  // the parent's API client, a tutorial account
///     }
///   }
/// }
/// ```
///
/// The values are the model's (those its first `@Dependency` property captured), then anything
/// overridden in the current scope, then `updateValues`: later ones win. A model without a
/// `@Dependency` property gets an issue saying so, and `operation` runs with the current values.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  // Step 4: get the model's values with `capturedValues(of:)`. If it has none, call
  // `reportNoCapturedValues(Model.self, fileID:filePath:line:column:)` and run `operation`
  // as it is. Otherwise run `operation` inside your `withDependencies` (Steps 1 and 2), where
  // the values are replaced wholesale (`$0 = …`) by the model's values with the current
  // scope's overrides merged on top (`merging`), and then `updateValues` is applied.
  return try operation()
}

/// The async form of ``withDependencies(from:_:operation:fileID:filePath:line:column:)``;
/// `updateValues` may `await`, and `operation` runs on the caller's actor.
///
/// ```swift
/// let detail = await withDependencies(from: self) {
///   $0.account = await accounts.current()
/// } operation: {
///   DetailModel()
/// }
/// ```
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  // Step 4: the same as the sync form, built on your async `withDependencies` (Step 3); pass
  // `isolation` on to it.
  return try await operation()
}

/// Runs `operation` with the dependencies `model` was created with.
///
/// ```swift
/// func rowTapped(_ item: Item) {
///   detail = withDependencies(from: self) { DetailModel(item: item) }
/// }
/// ```
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: model, { _ in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs the async `operation` with the dependencies `model` was created with.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: model, isolation: isolation, { _ in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The values `model` captured when it was created: those of its first `@Dependency` property,
/// or `nil` when it has none.
///
/// `Mirror(reflecting: model).children` lists a class's stored properties, each as a `label`
/// and a `value`. A `@Dependency(\.server) var server` is stored as `_server`, a
/// `Dependency<String>`, which conforms to `CapturesDependencies`.
func capturedValues(of model: AnyObject) -> DependencyValues? {
  // Step 4: go through the model's stored properties (`Mirror(reflecting: model).children`)
  // and return the `capturedValues` of the first one whose value is `any
  // CapturesDependencies`. Look at every property, not only the first: models usually
  // declare their state before their dependencies. Return `nil` if none is.
  return nil
}

/// Given code: reports that `withDependencies(from:)` got a model with no `@Dependency`
/// property, so its child cannot inherit anything from it.
func reportNoCapturedValues<Model>(
  _ model: Model.Type,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(
    """
    withDependencies(from:) was given a '\(Model.self)', which has no @Dependency property, so \
    the child gets the current scope's values instead of the model's. Give '\(Model.self)' at \
    least one @Dependency property.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column)
}
