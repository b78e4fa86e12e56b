import Dependencies

// A plain executable that prints the dependency context it resolves, so tests can run it with
// SWIFT_DEPENDENCIES_CONTEXT (or XCODE_RUNNING_FOR_PREVIEWS) set, the way a UI test forces an
// app's context.
private enum GreetingKey: DependencyKey {
  static let liveValue = "live greeting"
  static let previewValue = "preview greeting"
  static let testValue = "test greeting"
}

struct Probe {
  @Dependency(\.context) var context
  @Dependency(GreetingKey.self) var greeting
}

let probe = Probe()
print("context=\(probe.context.rawValue)")
print("greeting=\(probe.greeting)")
