public import Dependencies

extension Dependency {
  /// Reads the dependency at `keyPath` as the concrete type a test put there.
  ///
  /// A dependency is often declared as a protocol or a type-erased value (`any Clock<Duration>`,
  /// `any Client`), while a test knows exactly what it installed and wants to use what only that
  /// type has — advancing a `TestClock`, say. Name the type with `as:`:
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.continuousClock = TestClock() })
  /// struct TimerTests {
  ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
  ///
  ///   @Test func ticks() async {
  ///     let model = TimerModel()
  ///     await model.start()
  ///     await clock.advance(by: .seconds(1))
  ///     #expect(model.ticks == 1)
  ///   }
  /// }
  /// ```
  ///
  /// When the value read is not a `Value`, the process stops with a message naming the
  /// dependency, the type it has and the type asked for: the test's setup is wrong, and no
  /// assertion after it could mean anything.
  ///
  /// - Parameters:
  ///   - keyPath: Where the dependency is in `DependencyValues`, declared as `Base`.
  ///   - type: The concrete type the test installed, which the wrapper's value has.
  ///   - fileID: The file ID of the declaration, filled in by the compiler: issues reported while
  ///     reading the dependency point here.
  ///   - filePath: The file path of the declaration, filled in by the compiler; a failed cast
  ///     stops the process with a message naming it.
  ///   - line: The line of the declaration, filled in by the compiler.
  ///   - column: The column of the declaration, filled in by the compiler.
  public init<Base>(
    _ keyPath: any KeyPath<DependencyValues, Base> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let name = "The dependency at this key path (declared as \(Base.self))"
    self.init(
      { values in
        cast(values[keyPath: keyPath], to: Value.self, name: name, filePath: filePath, line: line)
      },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered by `key` as the concrete type a test put there.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0[ClientKey.self] = RecordingClient() })
  /// struct SyncTests {
  ///   @Dependency(ClientKey.self, as: RecordingClient.self) var client
  /// }
  /// ```
  ///
  /// When the value read is not a `Value`, the process stops with a message naming the key, the
  /// type the value has and the type asked for.
  ///
  /// - Parameters:
  ///   - key: The key type that registers the dependency.
  ///   - type: The concrete type the test installed, which the wrapper's value has.
  ///   - fileID: The file ID of the declaration, filled in by the compiler: issues reported while
  ///     reading the dependency point here.
  ///   - filePath: The file path of the declaration, filled in by the compiler; a failed cast
  ///     stops the process with a message naming it.
  ///   - line: The line of the declaration, filled in by the compiler.
  ///   - column: The column of the declaration, filled in by the compiler.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // An existential, so that the reading closure does not capture the key's metatype.
    let reader: any CastingReader<Value> = KeyCast<Key, Value>(filePath: filePath, line: line)
    self.init({ reader.read($0) }, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Reads one dependency out of a set of values as a concrete type.
private protocol CastingReader<Concrete>: Sendable {
  associatedtype Concrete
  func read(_ values: DependencyValues) -> Concrete
}

/// Reads the dependency registered by `Key` as a `Concrete`, for `@Dependency(Key.self, as:)`.
private struct KeyCast<Key: TestDependencyKey, Concrete>: CastingReader {
  let filePath: StaticString
  let line: UInt

  func read(_ values: DependencyValues) -> Concrete {
    let name = "The dependency registered by \(Key.self) (declared as \(Key.Value.self))"
    return cast(values[Key.self], to: Concrete.self, name: name, filePath: filePath, line: line)
  }
}

/// `value` as a `Concrete`, or the end of the process with a message saying why it is not one.
private func cast<Concrete>(
  _ value: Any, to concrete: Concrete.Type, name: String, filePath: StaticString, line: UInt
) -> Concrete {
  guard let cast = value as? Concrete else {
    fatalError(
      """
      \(name) is a \(type(of: value)), not the \(Concrete.self) that \
      @Dependency(…, as: \(Concrete.self).self) asked for. Override it with a \(Concrete.self) \
      in this test (with .dependencies { … } or withDependencies) before reading it, or ask for \
      the type it has.
      """,
      file: filePath, line: line)
  }
  return cast
}
