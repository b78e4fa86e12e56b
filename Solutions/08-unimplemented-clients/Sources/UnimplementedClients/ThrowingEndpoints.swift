import IssueReporting

/// A throwing endpoint of any arity that, each time it is called, reports
/// "Unimplemented: '`name`'" with the arguments it got, then throws
/// `UnimplementedFailure(description: name)`.
///
/// Make it the default of every throwing endpoint of a client, so a test that calls one it did
/// not override fails, naming it:
///
/// ```swift
/// struct AlertClient {
///   var save: @Sendable (_ city: String, _ low: Int, _ high: Int) throws -> Void =
///     unimplementedEndpoint("AlertClient.save")
/// }
///
/// try AlertClient().save("Oslo", -5, 25)
/// // ❌ Unimplemented: 'AlertClient.save' … Invoked with: "Oslo", -5, 25
/// // throws UnimplementedFailure(description: "AlertClient.save")
/// ```
///
/// - Parameter name: The endpoint as the failure should name it, `Client.endpoint`.
/// - Returns: A closure taking `repeat each Argument`: as many arguments as the endpoint has,
///   of the endpoint's types, which Swift infers from the property the closure is assigned to.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  #if SOLUTION
    return { (argument: repeat each Argument) in
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
      throw UnimplementedFailure(description: name)
    }
  #else
    // Step 3: everything happens when the closure is called, at every call, and never when
    // the endpoint is made. Report one issue (`reportUnimplementedEndpoint`) that names the
    // endpoint, describes the arguments of this call (Step 2) and points where the endpoint
    // was defined: the location this function received, not its own. Then throw IssueReporting's
    // `UnimplementedFailure` for the endpoint, instead of this CancellationError, so the code
    // under test takes its error path.
    return { (argument: repeat each Argument) in
      throw CancellationError()
    }
  #endif
}

/// An async, throwing endpoint of any arity that, each time it is called, reports
/// "Unimplemented: '`name`'" with the arguments it got, then throws
/// `UnimplementedFailure(description: name)`.
///
/// ```swift
/// struct WeatherClient {
///   var forecast: @Sendable (_ city: String) async throws -> Forecast =
///     unimplementedEndpoint("WeatherClient.forecast")
/// }
///
/// let forecast = try await WeatherClient().forecast("Paris")
/// // ❌ Unimplemented: 'WeatherClient.forecast' … Invoked with: "Paris"
/// ```
///
/// - Parameter name: The endpoint as the failure should name it, `Client.endpoint`.
public func unimplementedEndpoint<each Argument, Result>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  #if SOLUTION
    return { (argument: repeat each Argument) in
      reportUnimplementedEndpoint(
        name, arguments: describeArguments(repeat each argument), fileID: fileID,
        filePath: filePath, line: line, column: column)
      throw UnimplementedFailure(description: name)
    }
  #else
    // Step 3: the same as the sync endpoint above: at every call, report, then throw
    // IssueReporting's `UnimplementedFailure` for the endpoint.
    return { (argument: repeat each Argument) in
      throw CancellationError()
    }
  #endif
}
