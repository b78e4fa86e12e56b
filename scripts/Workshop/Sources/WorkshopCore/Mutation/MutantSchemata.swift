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
/// - an early return becomes `if WorkshopMutantSwitch.active == 15 { return }; …`.
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

  /// The module's files with every mutant of `numbered` compiled in: each mutant is active when
  /// the variable holds its number. Files without learner code are as the solution has them.
  public static func module(
    _ sources: [MutationSource], numbered: [(number: Int, mutant: Mutant)]
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
          edits.before[first, default: []].append("if WorkshopMutantSwitch.active != \(number) { ")
          edits.after[last, default: []].append(" }")
        case .returnBefore(let token):
          // First, so that it stands before a statement's own `if … {` when both start here.
          edits.before[token, default: []].insert(
            "if WorkshopMutantSwitch.active == \(number) { return }; ", at: 0)
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
    files[fileName] = Data(generatedFile(declarations).utf8)
    return SourceTree(files: files)
  }

  /// The module's files with only `mutant`'s edit made, as plain code: what a learner who made
  /// that slip would hand in.
  public static func single(_ mutant: Mutant, in sources: [MutationSource]) -> SourceTree {
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
        edits.before[token] = ["return; "]
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
    sources: [MutationSource]
  ) -> [Int] {
    guard let source = sources.first(where: { $0.path == file }) else { return [] }
    let structure = source.structure
    let tokens = structure.tokens
    let here = numbered.filter { $0.mutant.file == file }
    func touched(_ mutant: Mutant) -> [Int] {
      switch mutant.edit {
      case .replace(let token, _), .returnBefore(let token): [token]
      case .remove(let first, let last): [first, last]
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

  /// A suffix made of operator characters that is unique to site `number` (its decimal digits,
  /// each written as one of ten mathematical operator characters).
  static func siteSuffix(_ number: Int) -> String {
    let digits = Array("⊕⊖⊗⊘⊙⊚⊛⊜⊝⊞")
    return String(String(number).map { digits[Int(String($0))!] })
  }

  private static func generatedFile(_ declarations: [String]) -> String {
    """
    // Generated by the mutation analysis (scripts/exercises mutants); never part of an exercise.
    // Which mutant this process runs, read once from the environment, and one operator for each
    // mutated operator of the module that behaves as the original unless its mutant is active.
    import Foundation

    @usableFromInline enum WorkshopMutantSwitch {
      @usableFromInline static let active =
        ProcessInfo.processInfo.environment["\(variable)"].flatMap { Int($0) } ?? 0
    }

    /// `original`, or the value of the active mutant among `mutants`.
    @usableFromInline func workshopMutantValue<T>(_ original: T, _ mutants: (Int, T)...) -> T {
      for (number, value) in mutants where number == WorkshopMutantSwitch.active { return value }
      return original
    }

    """ + declarations.joined(separator: "\n")
  }
}

/// Edits to one file's tokens: text before or after a token, or in its place.
private struct FileEdits {
  var before: [Int: [String]] = [:]
  var after: [Int: [String]] = [:]
  var replace: [Int: String] = [:]

  func apply(to structure: SourceStructure) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(structure.bytes.count)
    for (index, token) in structure.tokens.enumerated() {
      for text in before[index, default: []] { output += Array(text.utf8) }
      if let replacement = replace[index] {
        output += Array(replacement.utf8)
      } else {
        output += structure.bytes[token.start..<token.end]
      }
      // Inner statements close first: their suffixes were added first.
      for text in after[index, default: []] { output += Array(text.utf8) }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
