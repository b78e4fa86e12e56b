import IssueReporting

/// A non-throwing endpoint of any arity that, each time it is called, reports
/// "Unimplemented: '`name`'" with the arguments it got, then returns `placeholder`.
///
/// A non-throwing endpoint has no error to throw, yet it must return something: give it a
/// placeholder, any value of the right type (the test fails anyway). A `Void` endpoint needs
/// none:
///
/// ```swift
/// struct WeatherClient {
///   var isFavorite: @Sendable (_ city: String) -> Bool =
///     unimplementedEndpoint("WeatherClient.isFavorite", placeholder: false)
///   var track: @Sendable (_ event: String) -> Void = unimplementedEndpoint("WeatherClient.track")
/// }
/// ```
///
/// - Parameters:
///   - name: The endpoint as the failure should name it, `Client.endpoint`.
///   - placeholder: What the endpoint returns after reporting. It is an autoclosure, evaluated
///     at each call (never when the endpoint is made); `()` when the result is `Void`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  #if SOLUTION
    return { (argument: repeat each Argument) in
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
      return placeholder()
    }
  #else
    // Step 4: at every call, the same report as in Step 3; then return the placeholder, made
    // afresh at this call (a non-throwing endpoint cannot throw, yet must return something).
    return { (argument: repeat each Argument) in
      placeholder()
    }
  #endif
}

/// An async, non-throwing endpoint of any arity that, each time it is called, reports
/// "Unimplemented: '`name`'" with the arguments it got, then returns `placeholder`.
///
/// ```swift
/// struct WeatherClient {
///   var favorites: @Sendable () async -> [String] =
///     unimplementedEndpoint("WeatherClient.favorites", placeholder: [])
/// }
/// ```
///
/// - Parameters:
///   - name: The endpoint as the failure should name it, `Client.endpoint`.
///   - placeholder: What the endpoint returns after reporting, evaluated at each call; `()`
///     when the result is `Void`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  #if SOLUTION
    return { (argument: repeat each Argument) in
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
      return placeholder()
    }
  #else
    // Step 4: the same as the sync endpoint above: at every call, report, then return the
    // placeholder.
    return { (argument: repeat each Argument) in
      placeholder()
    }
  #endif
}
