import Foundation

/// The record of what a package's builds wrote: each output's date, size and inode, so an
/// attempt can tell that another build wrote into the build folder since (``DirectRebuild``).
extension DirectRebuild {
  var stampsFile: URL { recordFolder.appendingPathComponent("outputs.json") }

  /// Each file the plan makes, with its date, size and inode: written by this package's builds
  /// only as long as they are unchanged.
  func stamps(of commands: [BuildPlan.Command]) -> [String: String] {
    var stamps: [String: String] = [:]
    for output in commands.flatMap(\.outputs) where !output.hasPrefix("<") {
      stamps[output] = Self.stamp(output) ?? "missing"
    }
    return stamps
  }

  /// The file at `path`'s date, size and inode, as one string; nil when there is none.
  static func stamp(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return "\(UncompiledSources.modificationTime(path) ?? 0) \(info.st_size) \(info.st_ino)"
  }

  /// Records the stamps of `commands`' outputs: call it when a build of this package ends.
  func stampOutputs(of commands: [BuildPlan.Command]) throws {
    try JSONEncoder().encode(stamps(of: commands)).write(to: stampsFile)
  }

  /// Whether every output of `commands` is as this package's last build left it.
  func outputsAreAsStamped(_ commands: [BuildPlan.Command]) -> Bool {
    guard let data = try? Data(contentsOf: stampsFile),
      let recorded = try? JSONDecoder().decode([String: String].self, from: data)
    else { return false }
    return recorded == stamps(of: commands)
  }
}
