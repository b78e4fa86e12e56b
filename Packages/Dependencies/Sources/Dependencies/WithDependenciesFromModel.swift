/// Runs `operation` with the dependencies of `model`, with some changed.
///
/// A parent model uses it to create a child that inherits the parent's dependencies, even when
/// the parent was created in a scope that has ended:
///
/// ```swift
/// func rowTapped(_ item: Item) {
///   destination = withDependencies(from: self) {
///     $0.date.now = item.date
///   } operation: {
///     DetailModel(item: item)
///   }
/// }
/// ```
///
/// The model's values come from its first `@Dependency` property, or, for a class without one,
/// from the `withDependencies` call that returned it. Anything overridden in the current scope
/// still wins. A model with neither gets an issue saying how to fix it, and `operation` runs
/// with the current values.
///
/// - Parameters:
///   - model: The model whose dependencies `operation` runs with: a class with a `@Dependency`
///     property, or one returned from a `withDependencies` call.
///   - updateValuesForOperation: Changes the model's values further, as in
///     ``withDependencies(_:operation:)``.
///   - operation: The code that runs with the model's values, typically creating a child model.
///   - fileID: The file ID of the call, filled in by the compiler; the issue about a model
///     without dependencies names it.
///   - filePath: The file path of the call, filled in by the compiler.
///   - line: The line of the call, filled in by the compiler.
///   - column: The column of the call, filled in by the compiler.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  guard let values = capturedValues(of: model) else {
    reportNoCapturedValues(
      Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try operation()
  }
  return try withDependencies {
    $0 = values.merging(DependencyValues._current)
    try updateValuesForOperation(&$0)
  } operation: {
    try operation()
  }
}

/// Runs `operation` with the dependencies of `model`.
///
/// ```swift
/// let child = withDependencies(from: parent) { ChildModel() }
/// ```
///
/// - Parameters:
///   - model: The model whose dependencies `operation` runs with: a class with a `@Dependency`
///     property, or one returned from a `withDependencies` call.
///   - operation: The code that runs with the model's values, typically creating a child model.
///   - fileID: The file ID of the call, filled in by the compiler; the issue about a model
///     without dependencies names it.
///   - filePath: The file path of the call, filled in by the compiler.
///   - line: The line of the call, filled in by the compiler.
///   - column: The column of the call, filled in by the compiler.
/// - Returns: What `operation` returns.
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
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Runs the async `operation` with the dependencies of `model`, with some changed.
///
/// ```swift
/// func itemTapped(_ item: Item) async {
///   destination = await withDependencies(from: self) {
///     $0.date.now = item.date
///   } operation: {
///     await DetailModel.load(item)
///   }
/// }
/// ```
///
/// - Parameters:
///   - model: The model whose dependencies `operation` runs with: a class with a `@Dependency`
///     property, or one returned from a `withDependencies` call.
///   - isolation: The actor the closures run on; by default the caller's.
///   - updateValuesForOperation: Changes the model's values further, as in
///     ``withDependencies(_:operation:)``.
///   - operation: The code that runs with the model's values, typically creating a child model.
///   - fileID: The file ID of the call, filled in by the compiler; the issue about a model
///     without dependencies names it.
///   - filePath: The file path of the call, filled in by the compiler.
///   - line: The line of the call, filled in by the compiler.
///   - column: The column of the call, filled in by the compiler.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  guard let values = capturedValues(of: model) else {
    reportNoCapturedValues(
      Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try await operation()
  }
  return try await withDependencies(isolation: isolation) {
    $0 = values.merging(DependencyValues._current)
    try await updateValuesForOperation(&$0)
  } operation: {
    try await operation()
  }
}

/// Runs the async `operation` with the dependencies of `model`.
///
/// ```swift
/// let child = await withDependencies(from: parent) { await ChildModel.load() }
/// ```
///
/// - Parameters:
///   - model: The model whose dependencies `operation` runs with: a class with a `@Dependency`
///     property, or one returned from a `withDependencies` call.
///   - isolation: The actor the closures run on; by default the caller's.
///   - operation: The code that runs with the model's values, typically creating a child model.
///   - fileID: The file ID of the call, filled in by the compiler; the issue about a model
///     without dependencies names it.
///   - filePath: The file path of the call, filled in by the compiler.
///   - line: The line of the call, filled in by the compiler.
///   - column: The column of the call, filled in by the compiler.
/// - Returns: What `operation` returns.
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
    from: model, isolation: isolation, { _ in }, operation: operation, fileID: fileID,
    filePath: filePath, line: line, column: column)
}

private func reportNoCapturedValues<Model>(
  _ model: Model.Type, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  reportIssue(
    """
    withDependencies(from:) was given a '\(typeName(Model.self))' that carries no dependencies, so \
    the child gets the current scope's values instead of the model's.

    To fix this, give '\(typeName(Model.self))' at least one @Dependency property, or create it \
    inside a withDependencies { … } operation: { … } call (or another withDependencies(from:)), \
    which remembers the values it was created with.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column)
}
