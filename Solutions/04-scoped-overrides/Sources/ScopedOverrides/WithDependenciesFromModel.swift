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
  #if SOLUTION
    guard let modelValues = capturedValues(of: model) else {
      reportNoCapturedValues(
        Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
      return try operation()
    }
    return try withDependencies {
      $0 = modelValues.merging(DependencyValues._current)
      try updateValues(&$0)
    } operation: {
      try operation()
    }
  #else
    // Step 4: run `operation` in a scope of three layers, each on top of the one before: the
    // values the model captured when it was created (`capturedValues(of:)`, below), then what
    // the scope you are in overrides, then `updateValues`. The scope you are in beats the
    // model, because whoever wraps the call is closer to the code that runs. Build it on your
    // own `withDependencies` (Steps 1 and 2). A model that captured nothing has nothing to
    // give: report that with the given `reportNoCapturedValues`, passing on where the call
    // came from, and run `operation` with the current values.
    return try operation()
  #endif
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
  #if SOLUTION
    guard let modelValues = capturedValues(of: model) else {
      reportNoCapturedValues(
        Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
      return try await operation()
    }
    return try await withDependencies(isolation: isolation) {
      $0 = modelValues.merging(DependencyValues._current)
      try await updateValues(&$0)
    } operation: {
      try await operation()
    }
  #else
    // Step 4: the same as the sync form, built on your async `withDependencies` (Step 3):
    // `updateValues` may `await`, and `operation` stays on the caller's actor.
    return try await operation()
  #endif
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
  #if SOLUTION
    for child in Mirror(reflecting: model).children {
      if let dependency = child.value as? any CapturesDependencies {
        return dependency.capturedValues
      }
    }
    return nil
  #else
    // Step 4: find what the model's `@Dependency` properties captured. Nothing is known of the
    // model's type, so look at its stored properties at run time (`Mirror` lists them); the
    // given `CapturesDependencies` protocol recognises a `@Dependency` among them. They were
    // all created in one scope, so the first one found will do, but check every property:
    // models usually declare their state before their dependencies. `nil` when there is none.
    return nil
  #endif
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
