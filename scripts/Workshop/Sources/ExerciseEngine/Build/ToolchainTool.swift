import Foundation

/// Finds a tool of the Swift toolchain: beside the `swiftc` on `PATH` (every Swift toolchain for
/// Linux ships `clang` and `llvm-nm` there), else the first of `fallbacks` on `PATH`.
///
/// ```swift
/// let nm = ToolchainTool.path("llvm-nm", fallbacks: ["llvm-nm", "nm"])
/// ```
public enum ToolchainTool {
  public static func path(_ name: String, fallbacks: [String]) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let folders = path.split(separator: ":").map(String.init)
    let manager = FileManager.default
    for folder in folders where manager.isExecutableFile(atPath: folder + "/swiftc") {
      let tool = URL(fileURLWithPath: folder + "/swiftc").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent(name).path
      if manager.isExecutableFile(atPath: tool) { return tool }
    }
    for fallback in fallbacks {
      for folder in folders where manager.isExecutableFile(atPath: folder + "/" + fallback) {
        return folder + "/" + fallback
      }
    }
    return name
  }
}
