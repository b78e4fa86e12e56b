import Foundation

/// Builds an assembled exercise package (see ``PackageAssembler``) and sets its test products
/// aside, so the same package folder and build folder can be reused for the next set of sources
/// while these products' tests still run.
enum ProductBuild {
  /// What a build produced.
  enum Result: Sendable {
    /// The build succeeded; its products are ready to run.
    case built(TestProducts)
    /// The build failed: the compiler's errors, with file and line, in plain text.
    case failed(String)
  }

  /// Builds `package` in `scratch`, writing the build's output to `log`: with a
  /// ``DirectRebuild`` when `direct` and it can (on Linux, after a first SwiftPM build of this
  /// package folder, when only the contents of its files changed), else with a ``SwiftPMBuild``
  /// (so never stale either way). On success the test binary and the helper executables are
  /// copied into `products`.
  ///
  /// - Parameters:
  ///   - module: the exercise's module, whose compiler errors are reported.
  ///   - packageName: the package's name (the exercise's id), which names its test binary.
  ///   - executables: the helper executables the tests launch.
  ///   - direct: whether a direct rebuild may be used.
  ///   - wholeModules: which modules a direct rebuild compiles whole
  ///     (``WholeModuleCompile``): every one for an assembled package, whose every build brings
  ///     a module's files anew (the next learner's). A package built as the learner's own (the
  ///     lesson mutants of `scripts/learn`, linked with objects of the learner's loop) compiles
  ///     in SwiftPM's batches, as that loop does: objects of the two kinds are never linked
  ///     together.
  ///   - alone: runs a SwiftPM build with no other build beside it (``BuildTurns/Escalation``).
  static func build(
    package: URL,
    scratch: URL,
    module: String,
    packageName: String,
    executables: [String],
    products: URL,
    log: URL,
    timeLimit: Double = 900,
    direct: Bool = true,
    wholeModules: DirectRebuild.WholeModules = .none,
    alone: (() throws -> ProcessRunner.Outcome) throws -> ProcessRunner.Outcome = { try $0() }
  ) throws -> Result {
    // The checks and the grader build the same modules again and again in one package folder
    // (the solution's, a learner's, the solution's again for the learner's tests): each
    // module's compile is kept by its inputs.
    let outcome = try DirectRebuild(
      package: package, scratch: scratch, recordFolder: directRecord(for: package),
      keepsModuleCompiles: true, wholeModules: wholeModules
    ).build(log: log, timeLimit: timeLimit, direct: direct, alone: alone)
    // Its date tells the next assembly of this package when this build ended.
    try Data().write(to: PackageAssembler.buildMarker(in: package))
    if outcome.timedOut {
      return .failed("The build did not finish within \(Int(timeLimit)) seconds.")
    }
    guard outcome.status == 0, !outcome.wasSignalled else {
      return .failed(CompilerOutput.errors(in: log, module: module, package: package))
    }
    #if os(Linux)
      let binaries = scratch.appendingPathComponent("debug")
      let manager = FileManager.default
      try? manager.removeItem(at: products)
      try manager.createDirectory(at: products, withIntermediateDirectories: true)
      let testBinary = "\(packageName)PackageTests.xctest"
      for name in [testBinary] + executables {
        try manager.copyItem(
          at: binaries.appendingPathComponent(name), to: products.appendingPathComponent(name))
      }
      return .built(.binary(products.appendingPathComponent(testBinary)))
    #else
      return .built(.swiftTest(package: package, scratch: scratch))
    #endif
  }
}

extension ProductBuild {
  /// Where a package folder's ``DirectRebuild`` keeps its record: a hidden folder inside it,
  /// which assembling the package leaves alone.
  static func directRecord(for package: URL) -> URL {
    package.appendingPathComponent(".direct-rebuild")
  }
}

/// How to start an exercise's tests once it is built.
public enum TestProducts: Sendable {
  /// Linux: the test binary itself, copied out of the build folder (helper executables beside
  /// it). Starting it directly skips SwiftPM's start-up and its lock on the build folder.
  case binary(URL)
  /// Elsewhere: `swift test --skip-build` in the package and build folder that built it.
  case swiftTest(package: URL, scratch: URL)

  /// Whether the tests run from the build folder itself, so no other build may use it until
  /// they are done.
  public var needsBuildFolder: Bool {
    if case .swiftTest = self { return true }
    return false
  }

  /// The event stream's version the tests are asked for: `0`, the one whose records name the
  /// test case (the argument of a parameterized test) of every issue, so a test's failures read
  /// in the order of its arguments (``EventStreamSummary/Failure/argument``). Later versions
  /// (6.3, the default) leave the test case out; the summary then falls back to ordering by
  /// source location. Version 0 leaves out warnings, which are never failures anyway.
  static let eventStreamVersion = "0"

  /// The command that runs the Swift Testing tests selected by `filters`, writing the event
  /// stream to `events`; `binary` is where the test binary is seen from where the command runs
  /// (inside a sandbox, another path than on the host).
  func command(filters: [String], events: String, binary: String?) -> [String] {
    let filterArguments = filters.flatMap { ["--filter", $0] }
    switch self {
    case .binary(let url):
      return [
        binary ?? url.path, "--testing-library", "swift-testing", "--event-stream-output-path",
        events, "--event-stream-version", Self.eventStreamVersion,
      ]
        + filterArguments
    case .swiftTest(let package, let scratch):
      return [
        "swift", "test", "--skip-build", "--disable-xctest", "--package-path", package.path,
        "--scratch-path", scratch.path, "--event-stream-output-path", events,
        "--event-stream-version", Self.eventStreamVersion,
      ] + filterArguments
    }
  }
}

/// Reads compiler errors out of a build log.
public enum CompilerOutput {
  /// The `file:line:column: error: message` lines, the learner's module first, without repeats,
  /// with paths made relative to the package (`Sources/Module/File.swift:3:5: error: …`).
  public static func errors(in log: URL, module: String, package: URL? = nil) -> String {
    let data = (try? Data(contentsOf: log)) ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    var seen = Set<String>()
    var errors: [String] = []
    let prefix = package.map { $0.standardizedFileURL.path + "/" }
    let lines = text.split(separator: "\n")
    for (index, line) in lines.enumerated() where line.contains(": error: ") {
      var cleaned = String(line)
      // An error inside a macro's expansion (`macro expansion #expect:1:22: error: …`) names no
      // file; the compiler's note after it says where the macro was written.
      if cleaned.hasPrefix("macro expansion "),
        let origin = lines[(index + 1)...].prefix(12).first(where: {
          $0.contains(": note: expanded code originates here")
        }),
        let place = origin.components(separatedBy: ": note: ").first?
          .trimmingCharacters(in: CharacterSet(charactersIn: "`- |"))
      {
        let macro = cleaned.dropFirst("macro expansion ".count).prefix { $0 != ":" }
        let message = cleaned.components(separatedBy: ": error: ").dropFirst().joined(
          separator: ": error: ")
        cleaned = "\(place): error: (in \(macro)) \(message)"
      }
      if let prefix, let range = cleaned.range(of: prefix) {
        cleaned = String(cleaned[range.upperBound...])
      } else {
        cleaned = cleaned.replacingOccurrences(
          of: #"^.*/(Sources|Tests)/"#, with: "$1/", options: .regularExpression)
      }
      if seen.insert(cleaned).inserted { errors.append(cleaned) }
    }
    let ordered =
      errors.filter { $0.hasPrefix("Sources/\(module)/") }
      + errors.filter { !$0.hasPrefix("Sources/\(module)/") }
    guard !ordered.isEmpty else {
      return "The build failed without a compiler error (see the build log)."
    }
    return "The code does not compile:\n" + ordered.prefix(20).joined(separator: "\n")
  }
}
