/// The error an unimplemented throwing closure throws after reporting its issue.
///
/// ```swift
/// let fetch: @Sendable (Int) async throws -> User = unimplemented("APIClient.fetch")
/// do { _ = try await fetch(42) } catch let error as UnimplementedFailure {
///   print(error.description)  // "APIClient.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Sendable, Equatable {
  /// The description given to `unimplemented`.
  public let description: String

  /// Makes the error an unimplemented closure throws; the closure does it for you, so tests
  /// mostly build one to compare with what was thrown:
  ///
  /// ```swift
  /// #expect(throws: UnimplementedFailure(description: "APIClient.fetch")) {
  ///   try await client.fetch(42)
  /// }
  /// ```
  ///
  /// - Parameter description: The description given to `unimplemented`.
  public init(description: String) {
    self.description = description
  }
}

/// A closure of any arity that reports "Unimplemented: <description>" each time it is called, with
/// the arguments it got, then returns `placeholder`.
///
/// Use it for the endpoints of a test value that a test is not expected to call:
///
/// ```swift
/// static let testValue = AnalyticsClient(
///   track: unimplemented("AnalyticsClient.track"),            // (Event) -> Void
///   isEnabled: unimplemented("AnalyticsClient.isEnabled", placeholder: false)
/// )
/// ```
///
/// The report names the place the closure was made, so the failure points at the test value,
/// not at the code that called it.
///
/// - Parameters:
///   - description: What is unimplemented, such as `Client.endpoint`; evaluated at each call.
///   - placeholder: What the closure returns after reporting; evaluated at each call. Omit it
///     when the closure returns `Void`.
///   - fileID: The file the issue points at: where `unimplemented` was called, by default.
///   - filePath: The full path of that file.
///   - function: The declaration named in the report ("Defined in …"): the caller's, by default.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: A closure that reports, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> sending Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// A throwing closure of any arity that reports "Unimplemented: <description>" each time it is
/// called, then throws ``UnimplementedFailure``.
///
/// ```swift
/// let load: @Sendable (URL) throws -> Data = unimplemented("FileClient.load")
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, such as `Client.endpoint`; evaluated at each call.
///   - fileID: The file the issue points at: where `unimplemented` was called, by default.
///   - filePath: The full path of that file.
///   - function: The declaration named in the report ("Defined in …"): the caller's, by default.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: A closure that reports, then throws `UnimplementedFailure(description:)`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> sending Result {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// An async closure of any arity that reports "Unimplemented: <description>" each time it is
/// called, then returns `placeholder`.
///
/// ```swift
/// let stream: @Sendable () async -> [Message] = unimplemented("Chat.messages", placeholder: [])
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, such as `Client.endpoint`; evaluated at each call.
///   - placeholder: What the closure returns after reporting; evaluated at each call. Omit it
///     when the closure returns `Void`.
///   - fileID: The file the issue points at: where `unimplemented` was called, by default.
///   - filePath: The full path of that file.
///   - function: The declaration named in the report ("Defined in …"): the caller's, by default.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: An async closure that reports, then returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> sending Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// An async throwing closure of any arity that reports "Unimplemented: <description>" each time
/// it is called, then throws ``UnimplementedFailure``.
///
/// ```swift
/// let fetch: @Sendable (Int) async throws -> User = unimplemented("APIClient.fetch")
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, such as `Client.endpoint`; evaluated at each call.
///   - fileID: The file the issue points at: where `unimplemented` was called, by default.
///   - filePath: The full path of that file.
///   - function: The declaration named in the report ("Defined in …"): the caller's, by default.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: An async closure that reports, then throws `UnimplementedFailure(description:)`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> sending Result {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// Reports "Unimplemented: <description>" at once and returns `placeholder`.
///
/// Use it where a value, not a closure, is needed:
///
/// ```swift
/// static var testValue: Settings {
///   unimplemented("Settings.testValue", placeholder: Settings())
/// }
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, such as `Type.property`.
///   - placeholder: The value returned after reporting.
///   - fileID: The file the issue points at: the caller's, by default.
///   - filePath: The full path of that file.
///   - function: The declaration named in the report ("Defined in …"): the caller's, by default.
///   - line: The line the issue points at.
///   - column: The column the issue points at.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> sending Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  reportUnimplemented(
    description(), arguments: nil, fileID: fileID, filePath: filePath, function: function,
    line: line, column: column)
  return placeholder()
}

/// Reports that something unimplemented was used, where it was defined, and its arguments.
package func reportUnimplemented(
  _ description: String,
  arguments: Any?,
  fileID: StaticString,
  filePath: StaticString,
  function: StaticString,
  line: UInt,
  column: UInt
) {
  var message = "Unimplemented\(description.isEmpty ? "" : ": \(description)") …"
  message += "\n\n  Defined in '\(function)' at:\n    \(fileID):\(line)"
  if let arguments {
    var text = ""
    debugPrint(arguments, terminator: "", to: &text)
    message += "\n\n  Invoked with:\n    \(text)"
  }
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
