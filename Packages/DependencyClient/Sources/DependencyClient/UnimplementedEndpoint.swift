/// An endpoint of any arity that reports "Unimplemented: '`name`'" each time it is called, with
/// the arguments it got, then throws `UnimplementedFailure`.
///
/// Make it the default of every throwing endpoint, so a test that calls an endpoint it did not
/// override fails, naming the endpoint:
///
/// ```swift
/// struct APIClient {
///   var fetchUser: @Sendable (_ id: Int) throws -> User =
///     unimplementedEndpoint("APIClient.fetchUser")
/// }
///
/// try APIClient().fetchUser(42)
/// // ❌ Unimplemented: 'APIClient.fetchUser' … Invoked with: 42
/// // throws UnimplementedFailure(description: "APIClient.fetchUser")
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An endpoint that reports, then throws `UnimplementedFailure(description: name)`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    throw UnimplementedFailure(description: name)
  }
}

/// An async endpoint of any arity that reports "Unimplemented: '`name`'" each time it is called,
/// with the arguments it got, then throws `UnimplementedFailure`.
///
/// ```swift
/// struct APIClient {
///   var fetchUser: @Sendable (_ id: Int) async throws -> User =
///     unimplementedEndpoint("APIClient.fetchUser")
/// }
///
/// let user = try await APIClient().fetchUser(42)
/// // ❌ Unimplemented: 'APIClient.fetchUser' … Invoked with: 42
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An async endpoint that reports, then throws
///   `UnimplementedFailure(description: name)`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    throw UnimplementedFailure(description: name)
  }
}

/// A non-throwing endpoint of any arity that reports "Unimplemented: '`name`'" each time it is
/// called, with the arguments it got, then returns `placeholder`.
///
/// A non-throwing endpoint has no error to throw, so it must return something: give the
/// placeholder (any value will do; it only has to type-check). `Void` endpoints need none:
///
/// ```swift
/// struct AnalyticsClient {
///   var track: @Sendable (_ event: String) -> Void = unimplementedEndpoint("AnalyticsClient.track")
///   var isEnabled: @Sendable () -> Bool =
///     unimplementedEndpoint("AnalyticsClient.isEnabled", placeholder: false)
/// }
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - placeholder: What the endpoint returns after reporting; evaluated at each call. Omit it
///     for an endpoint that returns `Void`.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An endpoint that reports, then returns `placeholder`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> sending Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    return placeholder()
  }
}

/// An async, non-throwing endpoint of any arity that reports "Unimplemented: '`name`'" each time
/// it is called, with the arguments it got, then returns `placeholder`.
///
/// ```swift
/// struct ChatClient {
///   var messages: @Sendable (_ room: String) async -> [String] =
///     unimplementedEndpoint("ChatClient.messages", placeholder: [])
///   var leave: @Sendable () async -> Void = unimplementedEndpoint("ChatClient.leave")
/// }
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - placeholder: What the endpoint returns after reporting; evaluated at each call. Omit it
///     for an endpoint that returns `Void`.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An async endpoint that reports, then returns `placeholder`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> sending Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> sending Result {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    return placeholder()
  }
}

/// A non-throwing endpoint returning an optional: reports "Unimplemented: '`name`'" each time it
/// is called, with the arguments it got, then returns `nil` — no placeholder needed.
///
/// ```swift
/// struct SessionClient {
///   var currentUserID: @Sendable () -> Int? = unimplementedEndpoint("SessionClient.currentUserID")
/// }
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An endpoint that reports, then returns `nil`.
@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> sending Wrapped? {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    return nil
  }
}

/// An async, non-throwing endpoint returning an optional: reports "Unimplemented: '`name`'" each
/// time it is called, with the arguments it got, then returns `nil`.
///
/// ```swift
/// struct SessionClient {
///   var refresh: @Sendable (_ token: String) async -> String? =
///     unimplementedEndpoint("SessionClient.refresh")
/// }
/// ```
///
/// - Parameters:
///   - name: `Client.endpoint`, as the test failure should name it.
///   - fileID: The file the report points at: where `unimplementedEndpoint` was called, by
///     default, which is the client's declaration.
///   - filePath: The full path of that file.
///   - line: The line the report points at.
///   - column: The column the report points at.
/// - Returns: An async endpoint that reports, then returns `nil`.
@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> sending Wrapped? {
  return { (argument: repeat each Argument) in
    reportUnimplementedEndpoint(
      name, arguments: describe(repeat each argument), fileID: fileID, filePath: filePath,
      line: line, column: column)
    return nil
  }
}
