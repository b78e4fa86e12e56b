import Foundation

/// Turns SwiftPM's compile of a module (incremental, in batches) into a compile of the whole
/// module in one compiler process, for the builds of the checks and the grader.
///
/// Speed measure. SwiftPM plans a debug compile for a learner who edits one file at a time:
/// the driver starts one compiler process that writes the module's interface and, in
/// parallel, one per batch of files that writes their objects, and each of them loads the
/// imported modules and, for a test module, the test macros' plugin, and type-checks what its
/// files use of the others. The grader compiles a module whose every file is new to it (the
/// next learner's), so nothing is left for incremental compiling to save, and that repeated
/// start-up is most of the compile. One process for the whole module (`-wmo`, still `-Onone`)
/// with one thread of code generation (`-num-threads 1`, which writes one object per source
/// as SwiftPM's link expects) and the module's files written by the same process
/// (`-no-emit-module-separately-wmo`) does the same work once, in less CPU time and no more
/// wall time (`scripts/Bench/HISTORY.md` has the figures).
///
/// The compiler compiles every file it is given, so a whole-module compile cannot leave one
/// stale; its dependency file names every object of the module, which is how
/// ``UncompiledSources`` tells that each was compiled. A learner's own loop
/// (``DirectRebuild`` in `scripts/learn`) keeps SwiftPM's incremental plan: there one file
/// changes per save.
///
/// ```swift
/// let arguments = ["swiftc", "-module-name", "Injection", "-incremental", "-c",
///                  "@sources", "-enable-batch-mode", "-j2"]
/// WholeModuleCompile.arguments(replacing: arguments)
/// // ["swiftc", "-module-name", "Injection", "-c", "@sources", "-j2",
/// //  "-wmo", "-num-threads", "1", "-no-emit-module-separately-wmo"]
/// ```
enum WholeModuleCompile {
  /// What is added to a batch compile's arguments.
  static let flags = ["-wmo", "-num-threads", "1", "-no-emit-module-separately-wmo"]

  /// The arguments of `arguments`' compile as one whole-module compile; nil when `arguments` is
  /// not a Swift compile in batches (a link, a C compile, a compile already whole-module).
  static func arguments(replacing arguments: [String]) -> [String]? {
    guard let tool = arguments.first, URL(fileURLWithPath: tool).lastPathComponent == "swiftc",
      arguments.contains("-c"), arguments.contains("-enable-batch-mode"),
      !LinkJobs.isLink(arguments)
    else { return nil }
    return arguments.filter { $0 != "-incremental" && $0 != "-enable-batch-mode" } + flags
  }

  /// Whether a make-style dependency file (`<Module>.d`) names `target` as one of the outputs it
  /// lists the dependencies of: a line that starts with it, followed by ` : ` (spaces in paths
  /// come escaped, `\ `). The file runs to tens of kilobytes (every object's line lists every
  /// file the module read), and is read at every build: it is searched as bytes, not split into
  /// lines, which took a noticeable part of a class's grading.
  static func dependencyFile(_ contents: Data, names target: String) -> Bool {
    let rule = Data((target.replacingOccurrences(of: " ", with: "\\ ") + " : ").utf8)
    return contents.starts(with: rule) || contents.range(of: Data("\n".utf8) + rule) != nil
  }
}
