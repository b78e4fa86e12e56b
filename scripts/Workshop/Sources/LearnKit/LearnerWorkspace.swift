import ExerciseModel
import Foundation

/// The learner's view of a workspace: the exercises in catalogue order, how far along each one
/// is, which one comes next, and the hints seen so far.
///
/// An exercise is *present* when it has a manifest (`Tests/<id>/exercise.json`) and a folder
/// in `Exercises/`. Its status comes from the last recorded check while the learner's files
/// are unchanged since; an exercise still equal to its generated starter is *not started*
/// without any build.
///
/// ```swift
/// let workspace = LearnerWorkspace(root: root)
/// if let id = try workspace.current() {
///   let report = try workspace.check(id)
///   print(id, report.statusText)
/// }
/// ```
public final class LearnerWorkspace: Sendable {
  public let layout: WorkspaceLayout

  /// What to do once every visible test passes: grade here, or in a learner edition, hand in
  /// (its grader counts the visible tests only).
  public var whenAllPass: String {
    layout.isLearnerEdition
      ? "Hand your work in as your instructor says: their grade counts the hidden tests too."
      : "Run scripts/grade to see your grade, hidden tests included."
  }
  /// The catalogue, in learning order: `Exercises/catalogue.json` unless a test gives others.
  /// (Without a readable catalogue it is empty; reading any exercise's manifest then says what
  /// is wrong with the file.)
  public let entries: [Catalogue.Entry]
  /// Builds and runs an exercise's visible tests.
  public let checker: LearnerCheck
  /// Hints seen and the last check of each exercise.
  public let state: LearnerStateStore

  public init(root: URL, entries: [Catalogue.Entry]? = nil) {
    layout = WorkspaceLayout(root: root)
    self.entries = entries ?? (try? layout.catalogue())?.entries ?? []
    checker = LearnerCheck(layout: layout)
    state = LearnerStateStore(file: checker.work.appendingPathComponent("state.json"))
  }

  /// One place of the catalogue.
  public struct Place: Sendable, Equatable {
    public var id: String
    public var subject: String
    /// The manifest's title, for exercises that have one.
    public var title: String?
    /// Whether the exercise has a manifest; it is present when it also has its folder.
    public var hasManifest: Bool
    public var hasFolder: Bool

    /// Whether the learner can work on it: it has a manifest and a folder in `Exercises/`.
    public var isPresent: Bool { hasManifest && hasFolder }
  }

  /// Every place of the catalogue, in learning order, then exercises with a manifest that the
  /// catalogue does not name (by id).
  public func catalogue() -> [Place] {
    let manifests = (try? layout.exerciseIDs()) ?? []
    let known = Set(entries.map(\.id))
    let all = entries + manifests.filter { !known.contains($0) }.map { .init(id: $0, subject: "") }
    return all.map { entry in
      let hasManifest = manifests.contains(entry.id)
      var isDirectory: ObjCBool = false
      let hasFolder =
        FileManager.default.fileExists(
          atPath: layout.exercise(entry.id).path, isDirectory: &isDirectory)
        && isDirectory.boolValue
      return Place(
        id: entry.id, subject: entry.subject,
        title: hasManifest ? (try? layout.manifest(entry.id))?.title : nil,
        hasManifest: hasManifest, hasFolder: hasFolder)
    }
  }

  /// The ids of the present exercises, in learning order.
  public func presentIDs() -> [String] { catalogue().filter(\.isPresent).map(\.id) }

  /// Where an exercise stands, without building anything.
  public enum Status: Sendable, Equatable {
    /// Not written yet: no manifest.
    case coming
    /// The manifest exists but `Exercises/<id>/` does not (`reset` restores it).
    case missing
    /// The learner's files are still the generated starter.
    case notStarted
    /// Changed since the last check (or never checked): a check will tell.
    case edited
    /// The last check, which still describes the files.
    case checked(LearnerState.Record)

    /// Whether the visible tests are known to pass.
    public var passes: Bool {
      if case .checked(let record) = self { return record.passes }
      return false
    }
  }

  /// Where exercise `id` stands now, from the files and the recorded checks alone.
  public func status(of id: String) -> Status {
    let manager = FileManager.default
    guard manager.fileExists(atPath: layout.manifestURL(id).path) else { return .coming }
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: layout.exercise(id).path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return .missing }
    let files = ExerciseFiles.read(layout.exercise(id))
    let saved = state.load()
    if let record = saved.records[id], record.fingerprint == files.fingerprint {
      return .checked(record)
    }
    if saved.starterFingerprints[id] == files.fingerprint { return .notStarted }
    if let drift = try? ExerciseWriter(layout: layout).drift(id), drift.isEmpty {
      try? state.update { $0.starterFingerprints[id] = files.fingerprint }
      return .notStarted
    }
    return .edited
  }

  /// Builds and tests exercise `id` as it is now, and records the result (unless the learner's
  /// files changed while it ran: then nobody knows which version the result describes, and the
  /// exercise stays edited).
  public func check(
    _ id: String,
    progress: @escaping (LearnerCheck.Progress) -> Void = { _ in },
    shouldStop: @escaping () -> Bool = { false }
  ) throws -> ExerciseReport {
    let files = ExerciseFiles.read(layout.exercise(id))
    let report = try checker.check(id, progress: progress, shouldStop: shouldStop)
    guard ExerciseFiles.read(layout.exercise(id)).fingerprint == files.fingerprint else {
      return report
    }
    try state.update {
      $0.records[id] = .init(
        fingerprint: files.fingerprint, status: report.statusText, passes: report.passes,
        checkedAt: Date(), step: report.focus?.step)
    }
    return report
  }

  /// The first present exercise, in catalogue order, whose visible tests do not all pass; nil
  /// when they all pass. Exercises edited since their last check are checked on the way
  /// (`progress` names each).
  public func current(
    progress: @escaping (String, LearnerCheck.Progress) -> Void = { _, _ in },
    shouldStop: @escaping () -> Bool = { false }
  ) throws -> String? {
    try firstNotPassing(in: presentIDs(), progress: progress, shouldStop: shouldStop)
  }

  /// The exercise to go on with after `id`: the first one after it that does not pass, else
  /// the first one before it that does not pass; nil when every other exercise passes.
  public func next(
    after id: String,
    progress: @escaping (String, LearnerCheck.Progress) -> Void = { _, _ in },
    shouldStop: @escaping () -> Bool = { false }
  ) throws -> String? {
    let ids = presentIDs()
    let index = ids.firstIndex(of: id) ?? -1
    let order = Array(ids[(index + 1)...]) + Array(ids[..<max(index, 0)])
    return try firstNotPassing(in: order, progress: progress, shouldStop: shouldStop)
  }

  private func firstNotPassing(
    in ids: [String],
    progress: @escaping (String, LearnerCheck.Progress) -> Void,
    shouldStop: @escaping () -> Bool
  ) throws -> String? {
    for id in ids {
      switch status(of: id) {
      case .coming, .missing: continue
      case .notStarted: return id
      case .checked(let record): if !record.passes { return id }
      case .edited:
        let report = try check(id, progress: { progress(id, $0) }, shouldStop: shouldStop)
        if !report.passes { return id }
      }
    }
    return nil
  }

  /// The exercise a learner names by id (`05-context-forcing`) or number (`05`, `5`).
  public func resolve(_ name: String) throws -> String {
    let places = catalogue().filter(\.hasManifest)
    let padded = name.count == 1 && name.allSatisfy(\.isNumber) ? "0" + name : name
    let matches = places.filter { $0.id == name || $0.id.hasPrefix(padded + "-") }
    guard matches.count == 1 else {
      let known = places.map(\.id).joined(separator: ", ")
      throw WorkshopError(
        "\"\(name)\" names no exercise. Give an id or its number, such as "
          + "\(places.first.map { "\($0.id) or \($0.id.prefix(2))" } ?? "01"); the exercises are: "
          + (known.isEmpty ? "none yet (no Tests/<id>/exercise.json)" : known) + ".")
    }
    return matches[0].id
  }

  /// A hint of an exercise.
  public struct Hint: Sendable, Equatable {
    /// The step whose ladder it is from (nil: a hint about the whole exercise).
    public var step: Int?
    /// 1 for the first hint of the ladder.
    public var number: Int
    public var total: Int
    public var text: String
    /// Whether every hint of the ladder had been shown already, so this is the last one again.
    public var wasAlreadySeen: Bool
  }

  /// The ladder of hints for `step` of `id`, gentlest first: the manifest's hints for that step,
  /// or, for a step without any (or no step), the hints about the whole exercise, with the step
  /// they belong to (nil for the whole exercise).
  public func ladder(_ id: String, step: Int?) throws -> (step: Int?, hints: [String]) {
    let hints = try layout.manifest(id).hints
    if let step {
      let forStep = hints.filter { $0.step == step }.map(\.text)
      if !forStep.isEmpty { return (step, forStep) }
    }
    return (nil, hints.filter { $0.step == nil }.map(\.text))
  }

  /// How many hints of `step`'s ladder of `id` the learner has seen.
  public func hintsSeen(_ id: String, step: Int?) -> Int {
    state.load().hintsSeen[id]?[LearnerState.key(of: step)] ?? 0
  }

  /// The step whose hints `scripts/learn hint` gives: the lowest step with a failing visible
  /// test, read from the last check while it still describes the files; step 1 for an untouched
  /// starter; otherwise `check` runs to find it. Nil when every visible test passes, or the
  /// code does not compile (the next hint is then the lowest step's not seen yet).
  public func hintStep(_ id: String, check: () throws -> ExerciseReport) rethrows -> Int? {
    switch status(of: id) {
    case .checked(let record): return record.step
    case .notStarted: return 1
    case .coming, .missing: return nil
    case .edited: return try check().focus?.step
    }
  }

  /// The next hint of `step`'s ladder (the hints unlock in order, gentlest first; after the
  /// last, the last again). With no step, the ladder of the lowest step whose hints have not all
  /// been seen; where the learner writes tests, of the highest.
  public func nextHint(_ id: String, step: Int?) throws -> Hint {
    let manifest = try layout.manifest(id)
    guard !manifest.hints.isEmpty else {
      throw WorkshopError("\(id) has no hints in Tests/\(id)/exercise.json.")
    }
    var chosen = step
    if chosen == nil {
      let steps = Set(manifest.hints.compactMap(\.step)).sorted()
      let unseen = try steps.filter {
        try hintsSeen(id, step: $0) < ladder(id, step: $0).hints.count
      }
      // Where the learner writes tests, every check passing says the lesson's mutants are
      // caught, not that the suite is done: the learner is on the last step still to hear about.
      chosen = (manifest.gradesTests ? unseen.last : unseen.first) ?? steps.last
    }
    let (ladderStep, hints) = try ladder(id, step: chosen)
    guard !hints.isEmpty else {
      throw WorkshopError(
        "\(id) has no hint for step \(chosen.map(String.init) ?? "?") and none about the whole "
          + "exercise in Tests/\(id)/exercise.json.")
    }
    return try state.update { state in
      let key = LearnerState.key(of: ladderStep)
      let seen = min(state.hintsSeen[id]?[key] ?? 0, hints.count)
      guard seen < hints.count else {
        return Hint(
          step: ladderStep, number: hints.count, total: hints.count, text: hints.last!,
          wasAlreadySeen: true)
      }
      state.hintsSeen[id, default: [:]][key] = seen + 1
      return Hint(
        step: ladderStep, number: seen + 1, total: hints.count, text: hints[seen],
        wasAlreadySeen: false)
    }
  }
}
