import ExerciseModel
import Foundation

/// One of N deterministic slices of a class (`scripts/grade CLASS --shard I/N`), so a batch
/// system can grade a large class on N machines at once; `scripts/grade merge` puts the slices'
/// reports back together.
///
/// Learners are taken in the class folder's order (sorted by name) and dealt out in turn: the
/// learner at position p (from 0) belongs to shard `p % N + 1`. Every shard therefore gets the
/// same number of learners, give or take one, and the same class always splits the same way.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which slice, from 1.
  public var index: Int
  /// How many slices.
  public var count: Int

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `I/N`, or says what is wrong with it.
  public init(parsing text: String) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      (1...10_000).contains(count), (1...count).contains(index)
    else {
      throw WorkshopError(
        "--shard takes I/N, the I-th of N slices with 1 ≤ I ≤ N (for example 2/3), not "
          + "\"\(text)\".")
    }
    self.init(index: index, count: count)
  }

  public var description: String { "\(index)/\(count)" }

  /// This shard's part of `learners` (in the class's order).
  public func slice<T>(_ learners: [T]) -> [T] {
    learners.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}

/// What one shard leaves for `scripts/grade merge`: its reports, and enough about the class to
/// check that the shards being merged belong together and are all there.
public struct ShardFile: ReportFolderFile, Sendable, Equatable {
  /// The file's name in a shard's output folder.
  public static let fileName = "shard.json"

  public var version = 1
  public var shard: Int
  public var shardCount: Int
  /// Every learner of the class, in the class's order (not only this shard's).
  public var classLearners: [String]
  public var exerciseIDs: [String]
  /// Notes about the class folder (entries that are not learners).
  public var classNotes: [String]
  /// This shard's reports, in the class's order.
  public var reports: [GradeReport]

  public init(
    shard: Shard, classLearners: [String], exerciseIDs: [String], classNotes: [String],
    reports: [GradeReport]
  ) {
    self.shard = shard.index
    self.shardCount = shard.count
    self.classLearners = classLearners
    self.exerciseIDs = exerciseIDs
    self.classNotes = classNotes
    self.reports = reports
  }

  public static let described = "a shard file"

  public static func missing(in folder: URL) -> String {
    "give the output folders of `scripts/grade CLASS --shard I/N` runs."
  }

  /// The class's reports from all its shards, in the class's order, with the shards' notes.
  ///
  /// - Parameter unfinished: output folders that are missing or hold no shard file: runs stopped
  ///   before they ended (killed, out of time), named in the message when a shard is missing.
  /// - Throws: a message naming the problem when the files are not the N shards of one class
  ///   graded on the same exercises (a shard missing or given twice, another class, other
  ///   exercises). A missing shard is named with every learner it holds, whose grades the
  ///   gradebook would lack, and the command that grades it again alone.
  public static func merge(
    _ files: [(folder: String, file: ShardFile)], unfinished: [String] = []
  ) throws -> (
    reports: [GradeReport], exerciseIDs: [String], classNotes: [String]
  ) {
    guard let first = files.first?.file else {
      throw WorkshopError(
        "merge needs the output folders of the shards to combine"
          + (unfinished.isEmpty
            ? "."
            : "; none of \(unfinished.joined(separator: ", ")) holds a finished shard (a run "
              + "stopped before it ended): grade the class's shards again."))
    }
    for (folder, file) in files {
      guard file.shardCount == first.shardCount else {
        throw WorkshopError(
          "\(folder) is shard \(file.shard)/\(file.shardCount), but the others are of "
            + "\(first.shardCount): merge the shards of one run only.")
      }
      guard file.classLearners == first.classLearners else {
        throw WorkshopError(
          "\(folder) was graded on another class (or the class folder changed between shard "
            + "runs): its list of learners differs. Grade every shard on the same class folder.")
      }
      guard file.exerciseIDs == first.exerciseIDs else {
        throw WorkshopError(
          "\(folder) graded exercises \(file.exerciseIDs.joined(separator: ",")), the others "
            + "\(first.exerciseIDs.joined(separator: ",")): grade every shard with the same -e.")
      }
    }
    let indices = files.map(\.file.shard).sorted()
    let expected = Array(1...first.shardCount)
    let doubled = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 })
      .sorted().map { "\($0)/\(first.shardCount)" }
    guard doubled.isEmpty else {
      throw WorkshopError(
        "merge needs every shard once: given twice: \(doubled.joined(separator: ", ")).")
    }
    let missing = expected.filter { !indices.contains($0) }
    guard missing.isEmpty else {
      let names = missing.map { "\($0)/\(first.shardCount)" }
      var lines = [
        "merge needs every shard once: missing \(names.joined(separator: ", "))"
          + (unfinished.isEmpty
            ? "."
            : " (\(unfinished.joined(separator: ", ")) "
              + (unfinished.count == 1 ? "is missing or holds" : "are missing or hold")
              + " no finished shard: a run stopped before it ended).")
          + " The gradebook is not complete, so nothing was written."
      ]
      for index in missing {
        let held = Shard(index: index, count: first.shardCount).slice(first.classLearners)
        lines.append(
          "Shard \(index)/\(first.shardCount) holds \(held.count) "
            + (held.count == 1 ? "learner" : "learners") + " with no grade yet: "
            + held.joined(separator: ", ") + ".")
      }
      lines.append(
        "Grade each missing shard again alone (scripts/grade CLASS --shard I/N -o FOLDER, with "
          + "the same -e), then merge every shard's folder.")
      throw WorkshopError(lines.joined(separator: "\n"))
    }
    let byLearner = Dictionary(
      files.flatMap(\.file.reports).map { ($0.learner, $0) },
      uniquingKeysWith: { first, _ in first })
    var reports: [GradeReport] = []
    for learner in first.classLearners {
      guard let report = byLearner[learner] else {
        throw WorkshopError(
          "no shard holds a report for \(learner): a shard run stopped early; grade it again.")
      }
      reports.append(report)
    }
    return (reports, first.exerciseIDs, first.classNotes)
  }
}
