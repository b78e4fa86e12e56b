import ExerciseModel
import Foundation

/// Finds the lines of a learner's sources that use what no exercise's solution needs and what
/// an attack on the grader does need: ending the process, reading the command line, file or
/// socket I/O, starting processes, loading code at run time, binding to symbols by name, and
/// signals.
///
/// Everything runs inside the test process, where the sandbox cannot separate the learner's
/// code from the test framework's: such code could, for instance, write records into the event
/// stream. The grader refuses records an honest run never writes; this scan shows the
/// instructor the code that tried anything of the kind. Comments are ignored; string literals
/// are not (a string such as `"exit("` is flagged too, which costs a reader a glance).
public enum ReviewScan {
  /// What is looked for: a reason and the patterns that show it.
  static let rules: [(reason: String, patterns: [String])] = [
    ("process exit", [#"\b(exit|_exit|_Exit|quick_exit|abort)\s*\("#, #"\bThread\s*\.\s*exit\b"#]),
    (
      "command-line arguments",
      [
        #"\bCommandLine\b"#, #"\.\s*arguments\b"#, #"/proc/self"#, #"\bgetauxval\b"#,
        #"__progname"#,
      ]
    ),
    (
      "file or socket I/O",
      [
        // `FileHandle.standardError` is how a solution warns; opening a file handle is not.
        #"\bFileManager\b"#, #"\bFileHandle\s*(\(|\.\s*(init|for[A-Z]\w*)\b)"#,
        #"\bFileDescriptor\b"#,
        #"\b(fopen|freopen|fdopen|open|openat|creat|fwrite|fputs|fprintf|dprintf|unlink|rename|truncate|ftruncate|mkfifo|mknod|dup|dup2|pipe|socket|socketpair|connect|bind|listen|sendto|recvfrom|getifaddrs)\s*\("#,
        #"contentsOf(File)?\s*:"#, #"\.\s*write\s*\(\s*to(File)?\s*:"#, #"\bURLSession\b"#,
        #"\b(Input|Output)Stream\b"#, #"\bNWConnection\b"#,
      ]
    ),
    (
      "starting processes",
      [
        #"\bProcess\s*\("#, #"\bNSTask\b"#, #"\bposix_spawnp?\b"#,
        #"\b(fork|vfork|execv|execve|execvp|execl|execlp|execle|system|popen|setsid|daemon)\s*\("#,
      ]
    ),
    ("loading code at run time", [#"\b(dlopen|dlsym|dlvsym|dladdr)\b"#]),
    (
      "binding to a symbol by name",
      [#"@_silgen_name\b"#, #"@_cdecl\b"#, #"@_extern\b"#, #"@_section\b"#, #"@_used\b"#]
    ),
    (
      "signals",
      [
        #"\b(signal|sigaction|kill|killpg|raise|pthread_kill|sigprocmask)\s*\("#,
        #"\bmakeSignalSource\b"#,
        #"\bSIG(KILL|TERM|INT|STOP|ABRT|SEGV|ILL|TRAP|XFSZ|PIPE|CHLD|USR1|USR2|HUP|QUIT)\b"#,
      ]
    ),
  ]

  private static let compiled: [(reason: String, expressions: [NSRegularExpression])] =
    rules.map { rule in
      (rule.reason, rule.patterns.map { try! NSRegularExpression(pattern: $0) })
    }

  /// The flags for `files` (a module's sources, by path), in file and line order, one per line
  /// and reason.
  /// The lines of `files` to review, leaving out every reason the exercise's own `solution`
  /// gives too: a feature that posts to a server uses `URLSession` in every correct submission,
  /// and flagging it would bury the lines worth a look.
  public static func scan(_ files: SourceTree, except solution: SourceTree) -> [ReviewFlag] {
    let needed = Set(scan(solution).map(\.reason))
    return scan(files).filter { !needed.contains($0.reason) }
  }

  public static func scan(_ files: SourceTree) -> [ReviewFlag] {
    var flags: [ReviewFlag] = []
    for path in files.files.keys.sorted() {
      let text = String(decoding: files.files[path]!, as: UTF8.self)
      let original = text.split(separator: "\n", omittingEmptySubsequences: false)
      let code = withoutComments(text).split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in code.enumerated() {
        let line = String(line)
        let range = NSRange(line.startIndex..., in: line)
        for rule in compiled
        where rule.expressions.contains(where: { $0.firstMatch(in: line, range: range) != nil }) {
          let shown = index < original.count ? String(original[index]) : line
          flags.append(
            ReviewFlag(
              file: path, line: index + 1, reason: rule.reason,
              code: String(shown.trimmingCharacters(in: .whitespaces).prefix(160))))
        }
      }
    }
    return flags
  }

  /// `text` with its comments blanked out (line breaks kept, so line numbers still match).
  /// String literals are skipped over, so `//` inside one does not start a comment.
  static func withoutComments(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var blockDepth = 0
    var inString = false
    var multiLine = false
    var hashes = 0
    func peek(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if blockDepth > 0 {
        if scalar == "*", peek(1) == "/" {
          blockDepth -= 1
          output.append(contentsOf: "  ".unicodeScalars)
          index += 2
        } else if scalar == "/", peek(1) == "*" {
          blockDepth += 1
          output.append(contentsOf: "  ".unicodeScalars)
          index += 2
        } else {
          output.append(scalar == "\n" ? "\n" : " ")
          index += 1
        }
        continue
      }
      if inString {
        if scalar == "\\", hashes == 0 {
          output.append(scalar)
          if let next = peek(1) { output.append(next) }
          index += 2
          continue
        }
        let quotes = multiLine ? 3 : 1
        if scalar == "\"", (0..<quotes).allSatisfy({ peek($0) == "\"" }),
          (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" })
        {
          for _ in 0..<(quotes + hashes) {
            output.append(scalars[index])
            index += 1
          }
          inString = false
          continue
        }
        if scalar == "\n", !multiLine { inString = false }
        output.append(scalar)
        index += 1
        continue
      }
      if scalar == "/", peek(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" {
          output.append(" ")
          index += 1
        }
        continue
      }
      if scalar == "/", peek(1) == "*" {
        blockDepth = 1
        output.append(contentsOf: "  ".unicodeScalars)
        index += 2
        continue
      }
      var count = 0
      while peek(count) == "#" { count += 1 }
      if peek(count) == "\"" {
        hashes = count
        multiLine = peek(count + 1) == "\"" && peek(count + 2) == "\""
        let opening = count + (multiLine ? 3 : 1)
        for _ in 0..<opening {
          output.append(scalars[index])
          index += 1
        }
        inString = true
        continue
      }
      output.append(scalar)
      index += 1
    }
    return String(output)
  }
}
