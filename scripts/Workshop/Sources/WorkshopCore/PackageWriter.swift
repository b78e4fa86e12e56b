/// Writes the `Package.swift` of an exercise package.
///
/// The same text serves the learner's package in `Exercises/<id>/` (with the library at
/// `../../Packages`) and the packages the checks and the grader assemble (with an absolute path
/// to the library), so every build of an exercise has the same shape.
public enum PackageWriter {
  public static func packageSwift(
    for exercise: ExerciseManifest,
    packagesPath: String
  ) -> String {
    let module = exercise.module
    var targets: [String] = []
    targets.append(
      """
          .target(
            name: "\(module)",
            dependencies: [.product(name: "Dependencies", package: "Dependencies")]
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
