/// Writes the `Package.swift` of an exercise package.
///
/// The same targets serve the learner's package in `Exercises/<id>/` (with the library at
/// `../../Packages`) and the packages the checks and the grader assemble (with an absolute path
/// to the library), so every build of an exercise has the same shape. One difference, in the
/// assembled packages only: the learner's module is compiled with library evolution
/// (``libraryEvolutionFlags``), so the solution tests compiled against one learner's module serve
/// every learner whose module declares the same API.
///
/// ```swift
/// let text = PackageWriter.packageSwift(
///   for: manifest, packagesPath: "/work/Packages", shape: .assembled)
/// ```
public enum PackageWriter {
  /// Which package the text is for.
  public enum Shape: Sendable {
    /// The learner's own package, `Exercises/<id>/Package.swift`.
    case learner
    /// A package the checks or the grader assemble (in ExerciseEngine): the learner's module
    /// is compiled with ``PackageWriter/libraryEvolutionFlags``.
    case assembled
  }

  /// The compiler flags of the learner's module in an assembled package: library evolution, so
  /// tests compiled against one learner's module serve every module that declares the same API.
  public static let libraryEvolutionFlags = [
    "-enable-library-evolution", "-emit-module-interface", "-no-verify-emitted-module-interface",
  ]

  public static func packageSwift(
    for exercise: ExerciseManifest,
    packagesPath: String,
    shape: Shape = .learner
  ) -> String {
    let module = exercise.module
    var targets: [String] = []
    let settings: String
    switch shape {
    case .learner:
      settings = ""
    case .assembled:
      let flags = libraryEvolutionFlags.map { "\"\($0)\"" }.joined(separator: ", ")
      settings = """
        ,
              // Library evolution: the solution tests depend on the module's interface alone.
              swiftSettings: [.unsafeFlags([\(flags)])]
        """
    }
    targets.append(
      """
          .target(
            name: "\(module)",
            dependencies: [.product(name: "Dependencies", package: "Dependencies")]\(settings)
          ),
      """)
    for executable in exercise.executables {
      targets.append(
        """
            .executableTarget(name: "\(executable)", dependencies: ["\(module)"]),
        """)
    }
    let testDependencies =
      ["\"\(module)\"", ".product(name: \"DependenciesTestSupport\", package: \"Dependencies\")"]
      + exercise.executables.map { "\"\($0)\"" }
    let dependencyLines = testDependencies.map { "        \($0)," }.joined(separator: "\n")
    targets.append(
      """
          .testTarget(
            name: "\(exercise.testModule)",
            dependencies: [
      \(dependencyLines)
            ]
          ),
      """)
    return """
      // swift-tools-version: 6.1
      // Generated from Tests/\(exercise.id)/exercise.json by `scripts/exercises generate`.
      // Do not edit: grading uses its own copy of this file.
      import PackageDescription

      let package = Package(
        name: "\(exercise.id)",
        platforms: [.macOS(.v15)],
        dependencies: [
          .package(path: "\(packagesPath)/Dependencies")
        ],
        targets: [
      \(targets.joined(separator: "\n"))
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }
}
