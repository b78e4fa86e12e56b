import Foundation

/// Builds an assembled exercise package and runs its solution tests, reading results from the
/// Swift Testing event stream only.
///
/// A crash or a hang costs only the tests it took down: the tests that were running are re-run
/// one at a time to find the culprit, and the tests that never started are run again, so every
/// other test still gets a real result.
public struct TestRunner: Sendable {
  public var manifest: ExerciseManifest
  /// The assembled package.
  public var package: URL
  /// The build folder (shared between runs to keep builds incremental).
  public var scratch: URL
  /// Where logs and event streams go.
  public var work: URL
  /// The longest a build may take.
  public var buildTimeLimit: Double = 900

  public init(manifest: ExerciseManifest, package: URL, scratch: URL, work: URL) {
    self.manifest = manifest
    self.package = package
    self.scratch = scratch
    self.work = work
  }

  public func run() throws -> ExerciseResult {
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let buildLog = work.appendingPathComponent("build.log")
    let build = try ProcessRunner.run(
      [
        "swift", "build", "--build-tests", "--package-path", package.path, "--scratch-path",
        scratch.path,
      ],
      in: package, log: buildLog, timeLimit: buildTimeLimit)
    guard build.status == 0, !build.wasSignalled, !build.timedOut else {
      let message =
        build.timedOut
        ? "The build did not finish within \(Int(buildTimeLimit)) seconds."
        : CompilerOutput.errors(in: buildLog, module: manifest.module)
      return result(uniform: .error, message: message)
    }

    var outcomes: [String: (TestStatus, String?)] = [:]
    var attempt = 0
    var pending = manifest.tests.map(\.id)
    while !pending.isEmpty {
      attempt += 1
      let run = try runTests(pending, attempt: attempt)
      for key in pending {
        if let test = run.summary.tests[key], test.ended {
          outcomes[key] = run.status(of: key, timeLimit: manifest.timeLimitSeconds)
          _ = test
        }
      }
      let remaining = pending.filter { outcomes[$0] == nil }
      if run.completedNormally || remaining.isEmpty {
        for key in remaining {
          outcomes[key] = run.status(of: key, timeLimit: manifest.timeLimitSeconds)
        }
        break
      }
      // The process crashed or hung. The tests that were running are suspects: each runs alone
      // to get its own result. The tests that never started run again together.
      let suspects = remaining.filter { run.summary.tests[$0]?.started == true }
      let notStarted = remaining.filter { run.summary.tests[$0]?.started != true }
      for key in suspects {
        attempt += 1
        outcomes[key] = try runTests([key], attempt: attempt)
          .status(of: key, timeLimit: manifest.timeLimitSeconds)
      }
      if suspects.isEmpty || pending.count == 1 {
        // Nothing started (the process died before any test): one at a time, once.
        for key in notStarted {
          attempt += 1
          outcomes[key] = try runTests([key], attempt: attempt)
            .status(of: key, timeLimit: manifest.timeLimitSeconds)
        }
        break
      }
      pending = notStarted
    }
    return ExerciseResult(
      id: manifest.id, title: manifest.title,
      tests: manifest.tests.map { test in
        let (status, message) = outcomes[test.id] ?? (.notRun, nil)
        return TestResult(
          id: test.id, status: status, message: message,
          points: status == .passed ? test.points : 0, maximumPoints: test.points)
      })
  }

  private func result(uniform status: TestStatus, message: String) -> ExerciseResult {
    ExerciseResult(
      id: manifest.id, title: manifest.title,
      tests: manifest.tests.map {
        TestResult(id: $0.id, status: status, message: message, points: 0, maximumPoints: $0.points)
      })
  }

  struct Run {
    var outcome: ProcessRunner.Outcome
    var summary: EventStreamSummary

    var completedNormally: Bool { !outcome.timedOut && !outcome.wasSignalled && summary.runEnded }

    var describeEnd: String {
      if outcome.timedOut { return "was stopped at the time limit" }
      if outcome.wasSignalled { return "was killed by signal \(outcome.status)" }
      return
        "exited with status \(outcome.status) (a crash: fatalError, a failed precondition, a stack overflow…)"
    }

    func status(of key: String, timeLimit: Int) -> (TestStatus, String?) {
      if let test = summary.tests[key], test.ended {
        return test.failures.isEmpty
          ? (.passed, nil) : (.failed, test.failures.joined(separator: "\n\n"))
      }
      if outcome.timedOut { return (.timedOut, "Did not finish within \(timeLimit) seconds.") }
      if summary.tests[key]?.started == true || !summary.runEnded {
        return (.crashed, "The test process \(describeEnd) while this test ran.")
      }
      return (.notRun, "This test did not run: check that it exists and is not skipped.")
    }
  }

  /// Runs the given graded tests once.
  private func runTests(_ keys: [String], attempt: Int) throws -> Run {
    let events = work.appendingPathComponent("events-\(attempt).jsonl")
    try? FileManager.default.removeItem(at: events)
    var arguments = [
      "swift", "test", "--skip-build", "--disable-xctest", "--package-path", package.path,
      "--scratch-path", scratch.path, "--event-stream-output-path", events.path,
    ]
    if keys.count < manifest.tests.count {
      for key in keys {
        arguments += [
          "--filter", NSRegularExpression.escapedPattern(for: "\(manifest.testModule).\(key)"),
        ]
      }
    }
    let outcome = try ProcessRunner.run(
      arguments, in: package, log: work.appendingPathComponent("test-\(attempt).log"),
      timeLimit: Double(manifest.timeLimitSeconds))
    let data = (try? Data(contentsOf: events)) ?? Data()
    return Run(
      outcome: outcome, summary: EventStreamSummary.parse(data, testModule: manifest.testModule))
  }
}

/// Reads compiler errors out of a build log.
public enum CompilerOutput {
  /// The `file:line:column: error: message` lines, the learner's module first, without repeats.
  public static func errors(in log: URL, module: String) -> String {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    var seen = Set<String>()
    var errors: [String] = []
    for line in text.split(separator: "\n") where line.contains(": error: ") {
      let cleaned = String(line).replacingOccurrences(
        of: #"^.*/Sources/"#, with: "Sources/", options: .regularExpression)
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
