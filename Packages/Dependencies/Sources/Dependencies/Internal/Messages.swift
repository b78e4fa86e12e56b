/// The issues this module reports, in one place so they read alike.

/// How the dependency being read is written in code: `@Dependency(\.apiClient)` or
/// `@Dependency(APIClient.self)`, and the name to override.
private func describeAccess(key: Any.Type) -> (access: String, override: String) {
  guard let name = ThreadState.current.pointee.name.map({ "\($0)" }) else {
    return ("A dependency (\(typeName(key)))", "'\(typeName(key))'")
  }
  if name.hasPrefix("subscript(") {
    return ("@Dependency(\(typeName(key)).self)", "'\(typeName(key)).self'")
  }
  return ("@Dependency(\\.\(name))", "'\\.\(name)'")
}

private func describeDependency(key: Any.Type, value: Any.Type) -> String {
  var lines: [String] = []
  if let location = ThreadState.current.pointee.reading?.pointee {
    lines.append("  Location:\n    \(location.fileID):\(location.line)")
  }
  if key == value {
    lines.append("  Dependency:\n    \(typeName(value))")
  } else {
    lines.append("  Key:\n    \(typeName(key))\n  Value:\n    \(typeName(value))")
  }
  return lines.joined(separator: "\n")
}

/// Reports at the `@Dependency` being read when there is one.
private func report(_ message: String) {
  if let location = ThreadState.current.pointee.reading?.pointee {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  } else {
    reportIssue(message)
  }
}

/// A test read a dependency whose key has a live value but no test value.
func reportMissingTestValue(key: Any.Type, value: Any.Type) {
  let (access, override) = describeAccess(key: key)
  report(
    """
    \(access) has no test value, but was read in the test context, so its preview value was \
    used instead (its live value, unless '\(typeName(key))' declares a 'previewValue'):

    \(describeDependency(key: key, value: value))

    A test must not reach a live implementation (network, disk, clocks, analytics) by \
    accident. To fix this, override \(override) in this test: with a trait such as \
    .dependency(\\.name, value) or .dependencies { … }, or with withDependencies { … } around \
    the code under test. To give every test a default, implement 'testValue' on \
    '\(typeName(key))'.
    """)
}

/// A live context read a dependency whose key has no live value.
func reportMissingLiveValue(key: Any.Type, value: Any.Type) {
  let (access, _) = describeAccess(key: key)
  report(
    """
    \(access) has no live value, but was read in the live context, so its test value was used \
    instead:

    \(describeDependency(key: key, value: value))

    To fix this, either conform '\(typeName(key))' to 'DependencyKey' with a 'liveValue', and \
    make sure the module with that conformance is linked into the app; or override the \
    dependency with prepareDependencies or withDependencies at the app's entry point.
    """)
}

/// `prepareDependencies` tried to set a dependency that was already read or prepared.
func reportAlreadyPrepared(key: Any.Type, value: Any.Type) {
  let (access, _) = describeAccess(key: key)
  report(
    """
    \(access) was already read or prepared, so this prepareDependencies call cannot change it:

    \(describeDependency(key: key, value: value))

    A dependency can be prepared once, before anything reads it. Prepare dependencies as early \
    as possible (at the app's entry point); to change one for part of the app, use \
    withDependencies, which overrides it in a scope.
    """)
}

/// `prepareDependencies` tried to set the context after a dependency was read or prepared.
func reportContextAlreadyDecided(current: DependencyContext, requested: DependencyContext) {
  report(
    """
    prepareDependencies tried to set the dependency context to "\(requested.rawValue)", but the \
    "\(current.rawValue)" context was already used: a dependency was read or prepared before this \
    call. The context stays "\(current.rawValue)".

    Set the context first, in the first prepareDependencies call at the app's entry point, \
    before anything reads a dependency. To use another context for part of the app, use \
    withDependencies { $0.context = … }, which sets it in a scope.
    """)
}
