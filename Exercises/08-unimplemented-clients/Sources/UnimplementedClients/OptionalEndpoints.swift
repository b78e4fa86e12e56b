import IssueReporting

/// A non-throwing endpoint of any arity whose result is optional: each time it is called it
/// reports "Unimplemented: '`name`'" with the arguments it got, then returns `nil`. No
/// placeholder needed.
///
/// ```swift
/// struct WeatherClient {
///   var lastCity: @Sendable () -> String? = unimplementedEndpoint("WeatherClient.lastCity")
/// }
/// ```
///
/// It is the disfavored overload: when you do pass a `placeholder:`, the placeholder endpoint
/// wins and returns it instead of `nil`.
///
/// - Parameter name: The endpoint as the failure should name it, `Client.endpoint`.
@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Wrapped? {
  // Step 5: at every call, the same report as in Step 3; then the result is nil: an optional
  // result already has a harmless answer, so no placeholder is needed.
  return { (argument: repeat each Argument) in
    nil
  }
}

/// An async, non-throwing endpoint of any arity whose result is optional: each time it is
/// called it reports "Unimplemented: '`name`'" with the arguments it got, then returns `nil`.
///
/// ```swift
/// struct WeatherClient {
///   var cachedForecast: @Sendable (_ city: String) async -> Forecast? =
///     unimplementedEndpoint("WeatherClient.cachedForecast")
/// }
/// ```
///
/// - Parameter name: The endpoint as the failure should name it, `Client.endpoint`.
@_disfavoredOverload
public func unimplementedEndpoint<each Argument, Wrapped>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Wrapped? {
  // Step 5: the same as the sync endpoint above: at every call, report; the result is nil.
  return { (argument: repeat each Argument) in
    nil
  }
}
