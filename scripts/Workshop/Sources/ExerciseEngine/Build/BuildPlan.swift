import Foundation

/// The commands SwiftPM planned for a package's last build, read from the llbuild manifest it
/// leaves in the build folder (`<scratch>/debug.yaml`): each command's tool, inputs, outputs and,
/// for a `shell` command, the exact arguments SwiftPM runs (`swiftc …`).
///
/// ``DirectRebuild`` replays these commands itself after an edit, so a rebuild costs the
/// compiler's time and not SwiftPM's start-up (loading the manifest, planning, checking every
/// file's date). The manifest's format is SwiftPM's own and not public: anything this reader does
/// not understand makes it return nil, and the caller builds with SwiftPM instead.
///
/// ```swift
/// let manifest = scratch.appendingPathComponent("debug.yaml")
/// if let plan = BuildPlan.read(manifest) {
///   print(plan.commands.count, "commands,", plan.inOrder.first?.name ?? "none")
/// }
/// ```
struct BuildPlan: Codable, Sendable, Equatable {
  /// One command of the plan.
  struct Command: Codable, Sendable, Equatable {
    /// The command's name in the manifest.
    var name: String
    /// The llbuild tool that runs it: `shell` (a process), `phony` (a grouping), or one of
    /// SwiftPM's own tools (`write-auxiliary-file`, `test-discovery-tool`, …).
    var tool: String
    /// The files and nodes (`<name>`) it reads.
    var inputs: [String]
    /// The files and nodes it writes.
    var outputs: [String]
    /// For a `shell` command, the process and its arguments.
    var arguments: [String]
    /// What SwiftPM prints for it (`Compiling Swift Module 'Injection' (5 sources)`).
    var description: String
    /// For a link, the processes the driver would run for it (``LinkJobs``), when known: run
    /// one after the other instead of ``arguments``.
    var jobs: [[String]]?

    init(
      name: String, tool: String, inputs: [String], outputs: [String], arguments: [String] = [],
      description: String = ""
    ) {
      self.name = name
      self.tool = tool
      self.inputs = inputs
      self.outputs = outputs
      self.arguments = arguments
      self.description = description
    }
  }

  /// Every command, in the manifest's order.
  var commands: [Command]

  init(commands: [Command]) {
    self.commands = commands
  }

  /// The commands in an order where every command comes after the commands that write its
  /// inputs; nil when they depend on each other in a cycle.
  var inOrder: [Command]? {
    var writer: [String: Int] = [:]
    for (index, command) in commands.enumerated() {
      for output in command.outputs { writer[output] = index }
    }
    var state = [UInt8](repeating: 0, count: commands.count)  // 0 new, 1 visiting, 2 placed
    var ordered: [Command] = []
    func place(_ index: Int) -> Bool {
      if state[index] == 2 { return true }
      if state[index] == 1 { return false }
      state[index] = 1
      for input in commands[index].inputs {
        if let before = writer[input], before != index, !place(before) { return false }
      }
      state[index] = 2
      ordered.append(commands[index])
      return true
    }
    for index in commands.indices where !place(index) { return nil }
    return ordered
  }

  /// Reads the manifest at `url`; nil when it is missing or not in the shape this reader knows.
  static func read(_ url: URL) -> BuildPlan? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return parse(String(decoding: data, as: UTF8.self))
  }

  /// Parses the text of an llbuild manifest. Only its `commands:` section is read: two-space
  /// indented quoted names, each followed by four-space indented `key: value` lines whose lists
  /// and strings are JSON.
  static func parse(_ text: String) -> BuildPlan? {
    var commands: [Command] = []
    var inCommands = false
    var current: [String: String] = [:]
    var currentName: String?
    func finish() -> Bool {
      guard let name = currentName else { return true }
      guard let tool = current["tool"] else { return false }
      guard let inputs = list(current["inputs"] ?? "[]"),
        let outputs = list(current["outputs"] ?? "[]"),
        let arguments = list(current["args"] ?? "[]")
      else { return false }
      let description = current["description"].flatMap(string) ?? ""
      commands.append(
        Command(
          name: name, tool: tool, inputs: inputs, outputs: outputs, arguments: arguments,
          description: description))
      currentName = nil
      current = [:]
      return true
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if !line.hasPrefix(" ") {
        guard finish() else { return nil }
        inCommands = line == "commands:"
        continue
      }
      guard inCommands else { continue }
      if line.hasPrefix("    ") {
        guard currentName != nil, let colon = line.range(of: ": ") else { return nil }
        let key = line[line.index(line.startIndex, offsetBy: 4)..<colon.lowerBound]
        current[String(key)] = String(line[colon.upperBound...])
      } else if line.hasPrefix("  \""), line.hasSuffix("\":") {
        guard finish(), let name = string(String(line.dropFirst(2).dropLast())) else { return nil }
        currentName = name
      } else {
        return nil
      }
    }
    guard finish(), !commands.isEmpty else { return nil }
    return BuildPlan(commands: commands)
  }

  private static func list(_ json: String) -> [String]? {
    try? JSONDecoder().decode([String].self, from: Data(json.utf8))
  }

  private static func string(_ json: String) -> String? {
    try? JSONDecoder().decode(String.self, from: Data(json.utf8))
  }
}
