import ExerciseModel
import Foundation

/// Writes an exercise's module with many mutants compiled in at once — *mutant schemata* — so
/// one build serves them all; the environment variable ``variable`` chooses, when the test
/// process starts, which one is active (none when it is unset or `0`).
///
/// Each place a mutant changes becomes code that does the original unless its mutant is
/// active:
/// - an operator becomes an operator of its own, declared in the generated file
///   `WorkshopMutants.swift` with the original's precedence, whose functions switch on the active
///   mutant (`a < b` → `a <⊕⊖ b`; generic over `Comparable`, `Equatable`, `AdditiveArithmetic`,
///   `FixedWidthInteger`, with overloads for tuples and `nil`);
/// - a literal becomes `workshopMutantValue(5, (12, 6), (13, 0))`;
/// - a statement that can be left out becomes `if WorkshopMutantSwitch.active != 14 { … }`;
/// - an early return becomes `if WorkshopMutantSwitch.active == 15 { return }; …`;
/// - a rewritten expression becomes `(WorkshopMutantSwitch.active == 16 ? (b) : a ?? b)`;
/// - a loop stopped early gets `if WorkshopMutantSwitch.active == 17 { break }` before its `}`.
///
/// Every change stays on its line, so a compiler error's line names the mutants there. A mutant
/// whose schema does not compile (an operator used on a type the generic functions do not
/// cover, say) is built on its own with ``single(_:in:)``: the plain edit, nothing else.
///
/// ```swift
/// let module = MutantSchemata.module(sources, mutants: mutants)  // mutant n is number n + 1
/// // run the tests with WORKSHOP_MUTANT=3 to make mutants[2] the active one
/// ```
public enum MutantSchemata {
  /// The environment variable that names the active mutant by number.
  public static let variable = "WORKSHOP_MUTANT"
  /// The generated file's name inside the module.
  public static let fileName = "WorkshopMutants.swift"
  /// The C function that names the active mutant when it is chosen at link time
  /// (``Switch/linked``).
  public static let linkedSymbol = "workshop_mutant_active"
  /// The file that defines ``linkedSymbol`` as `0` in a ``Switch/linked`` module, so that the
  /// module's own build links; each mutant's library is linked without its object, and with
  /// one that names the mutant instead (ExerciseEngine builds them).
  public static let linkedDefaultFile = "WorkshopMutantActive.swift"

  /// How a process learns which mutant is active.
  public enum Switch: Sendable {
    /// From the environment variable ``variable``, read once: the mutation analysis, whose
    /// tests are the instructor's.
    case environment
    /// From the function ``linkedSymbol``, defined by an object linked into each mutant's
    /// library (built by ExerciseEngine): a learner's tests, which must not tell the
    /// mutants apart but by their behaviour, see the same environment in every run.
    case linked
  }

  /// The module's files with every mutant of `numbered` compiled in: each mutant is active when
  /// the variable holds its number. Files without learner code are as the solution has them.
  public static func module(
    _ sources: [MutationFile], numbered: [(number: Int, mutant: Mutant)],
    switch choice: Switch = .environment
  ) -> SourceTree {
    var files: [String: Data] = [:]
    var declarations: [String] = []
    var site = 0
    for source in sources {
      var edits = FileEdits()
      let here = numbered.filter { $0.mutant.file == source.path }
      // Group the replacements of one token: one site, one operator or one value.
      var replacements: [Int: [(Int, String)]] = [:]
      for (number, mutant) in here {
        switch mutant.edit {
        case .replace(let token, let text):
          replacements[token, default: []].append((number, text))
        case .remove(let first, let last):
          edits.wrap(
            first, last, statement: true,
            "if WorkshopMutantSwitch.active != \(number) { ", " }")
        case .returnBefore(let token):
          // Outermost, so that it stands before a statement's own `if … {` when both start here.
          edits.insert("if WorkshopMutantSwitch.active == \(number) { return }; ", before: token)
        case .rewrite(let first, let last, let text):
          edits.wrap(
            first, last, statement: false,
            "(WorkshopMutantSwitch.active == \(number) ? (\(text)) : ", ")")
        case .breakBefore(let token):
          edits.insert(
            Self.separator(before: token, in: source.structure)
              + "if WorkshopMutantSwitch.active == \(number) { break } ", before: token)
        }
      }
      for token in replacements.keys.sorted() {
        let original = source.structure.text(token)
        let cases = replacements[token]!
        if source.structure.tokens[token].kind == .operator {
          site += 1
          let name = original + siteSuffix(site)
          edits.replace[token] = name
          declarations.append(
            OperatorSchema.declaration(name: name, original: original, cases: cases))
        } else {
          let alternatives = cases.map { "(\($0.0), \($0.1))" }.joined(separator: ", ")
          edits.replace[token] = "workshopMutantValue(\(original), \(alternatives))"
        }
      }
      files[source.path] = Data(edits.apply(to: source.structure).utf8)
    }
    files[fileName] = Data(generatedFile(declarations, switch: choice).utf8)
    if choice == .linked {
      files[linkedDefaultFile] = Data(
        """
        // Generated by the grader: no mutant is active unless a mutant's library is linked with
        // another definition of this function in place of this file's.
        @_cdecl("\(linkedSymbol)") func workshopMutantActiveDefault() -> Int { 0 }

        """.utf8)
    }
    return SourceTree(files: files)
  }

  /// The module's files with only `mutant`'s edit made, as plain code: what a learner who made
  /// that slip would hand in.
  public static func single(_ mutant: Mutant, in sources: [MutationFile]) -> SourceTree {
    var files: [String: Data] = [:]
    for source in sources {
      guard source.path == mutant.file else {
        files[source.path] = Data(source.text.utf8)
        continue
      }
      var edits = FileEdits()
      switch mutant.edit {
      case .replace(let token, let text):
        edits.replace[token] = text
      case .remove(let first, let last):
        // The statement's tokens go; its line breaks stay, so lines keep their numbers.
        for token in first...last {
          edits.replace[token] = source.structure.tokens[token].kind == .newline ? "\n" : ""
        }
      case .returnBefore(let token):
        edits.insert("return; ", before: token)
      case .rewrite(let first, let last, let text):
        // The expression's line breaks stay, so lines keep their numbers.
        edits.replace[first] = text
        for token in (first + 1)..<(last + 1) {
          edits.replace[token] = source.structure.tokens[token].kind == .newline ? "\n" : ""
        }
      case .breakBefore(let token):
        edits.insert(Self.separator(before: token, in: source.structure) + "break ", before: token)
      }
      files[source.path] = Data(edits.apply(to: source.structure).utf8)
    }
    return SourceTree(files: files)
  }

  /// The numbers of the mutants whose edits stand on a line of `file` (a path inside the module)
  /// named in `lines`, or, when none does, inside the innermost block around such a line: the
  /// ones a compiler error there may come from.
  public static func mutants(
    onLines lines: Set<Int>, of file: String, among numbered: [(number: Int, mutant: Mutant)],
    sources: [MutationFile]
  ) -> [Int] {
    guard let source = sources.first(where: { $0.path == file }) else { return [] }
    let structure = source.structure
    let tokens = structure.tokens
    let here = numbered.filter { $0.mutant.file == file }
    func touched(_ mutant: Mutant) -> [Int] {
      switch mutant.edit {
      case .replace(let token, _), .returnBefore(let token), .breakBefore(let token): [token]
      case .remove(let first, let last), .rewrite(let first, let last, _): [first, last]
      }
    }
    let onTheLines = here.filter { touched($0.mutant).contains { lines.contains(tokens[$0].line) } }
    if !onTheLines.isEmpty { return onTheLines.map(\.number) }
    // Some errors stand elsewhere than the change that caused them (a path through an
    // initializer that no longer initializes, reported at its closing brace): the mutants inside
    // the innermost block around each line.
    var culprits: Set<Int> = []
    for line in lines {
      let around = structure.blocks.filter { block in
        guard let open = block.open, let close = block.close else { return false }
        return tokens[open].line <= line && line <= tokens[close].line
      }.min { ($0.close! - $0.open!) < ($1.close! - $1.open!) }
      guard let around, let open = around.open, let close = around.close else { continue }
      for (number, mutant) in here where touched(mutant).allSatisfy({ open < $0 && $0 < close }) {
        culprits.insert(number)
      }
    }
    return culprits.sorted()
  }

  /// What must stand before a statement inserted before the `}` at `token`: `; ` when the
  /// body's last statement ends on the same line (`{ f(x) }`), nothing otherwise.
  static func separator(before token: Int, in structure: SwiftStructure) -> String {
    guard let previous = structure.significant(before: token),
      structure.tokens[previous].line == structure.tokens[token].line,
      structure.text(previous) != "{"
    else { return "" }
    return "; "
  }

  /// A suffix made of operator characters that is unique to site `number` (its decimal digits,
  /// each written as one of ten mathematical operator characters).
  static func siteSuffix(_ number: Int) -> String {
    let digits = Array("⊕⊖⊗⊘⊙⊚⊛⊜⊝⊞")
    return String(String(number).map { digits[Int(String($0))!] })
  }

  private static func generatedFile(_ declarations: [String], switch choice: Switch) -> String {
    let active =
      switch choice {
      case .environment:
        """
        @usableFromInline enum WorkshopMutantSwitch {
          @usableFromInline static let active =
            ProcessInfo.processInfo.environment["\(variable)"].flatMap { Int($0) } ?? 0
        }
        """
      case .linked:
        """
        @_silgen_name("\(linkedSymbol)") func workshopMutantActive() -> Int

        @usableFromInline enum WorkshopMutantSwitch {
          @usableFromInline static let active = workshopMutantActive()
        }
        """
      }
    return """
      // Generated by the mutation analysis (scripts/exercises mutants); never part of an exercise.
      // Which mutant this process runs, read once, and one operator for each mutated operator of
      // the module that behaves as the original unless its mutant is active.
      import Foundation

      \(active)

      /// `original`, or the value of the active mutant among `mutants`.
      @usableFromInline func workshopMutantValue<T>(_ original: T, _ mutants: (Int, T)...) -> T {
        for (number, value) in mutants where number == WorkshopMutantSwitch.active { return value }
        return original
      }

      """ + declarations.joined(separator: "\n")
  }
}

/// Edits to one file's tokens: text before or after a token, or in its place.
///
/// Text that wraps a range of tokens nests: the widest range opens first and closes last, and a
/// statement's wrapping stands outside an expression's over the same tokens.
private struct FileEdits {
  /// Text before a token, with the rank that orders it (widest first).
  private var before: [Int: [(rank: Int, text: String)]] = [:]
  /// Text after a token, with the rank that orders it (narrowest first).
  private var after: [Int: [(rank: Int, text: String)]] = [:]
  var replace: [Int: String] = [:]

  /// Puts `opening` before token `first` and `closing` after token `last`.
  mutating func wrap(
    _ first: Int, _ last: Int, statement: Bool, _ opening: String, _ closing: String
  ) {
    let rank = (last - first) * 2 + (statement ? 1 : 0)
    before[first, default: []].append((rank, opening))
    after[last, default: []].append((rank, closing))
  }

  /// Puts `text` before token `token`, outside anything that wraps it.
  mutating func insert(_ text: String, before token: Int) {
    before[token, default: []].append((Int.max, text))
  }

  func apply(to structure: SwiftStructure) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(structure.bytes.count)
    for (index, token) in structure.tokens.enumerated() {
      for text in Self.ordered(before[index, default: []], widestFirst: true) {
        output += Array(text.utf8)
      }
      if let replacement = replace[index] {
        output += Array(replacement.utf8)
      } else {
        output += structure.bytes[token.start..<token.end]
      }
      for text in Self.ordered(after[index, default: []], widestFirst: false) {
        output += Array(text.utf8)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The texts by rank; texts of one rank in the order they were added.
  private static func ordered(_ entries: [(rank: Int, text: String)], widestFirst: Bool)
    -> [String]
  {
    entries.enumerated().sorted { a, b in
      guard a.element.rank != b.element.rank else { return a.offset < b.offset }
      return (a.element.rank > b.element.rank) == widestFirst
    }.map(\.element.text)
  }
}
