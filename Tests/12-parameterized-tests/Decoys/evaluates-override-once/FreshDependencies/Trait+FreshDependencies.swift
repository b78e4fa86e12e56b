public import Dependencies
public import Testing

/// Decoy: `.freshDependency` evaluates its value when the trait is made, so every test case
/// it applies to gets the same value (one incrementing generator for all arguments).
extension Trait where Self == FreshDependenciesTrait {
  public static var freshDependencies: Self {
    Self { _ in }
  }

  public static func freshDependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues)
  }

  public static func freshDependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    let made = UncheckedSendable(Result { try value() })
    return Self { $0[keyPath: keyPath] = try made.value.get() }
  }
}
