/// The declaration of one mutated operator's stand-in (see ``MutantSchemata``): an operator
/// with the original's precedence whose functions do what the original does, or what the
/// active mutant's operator does.
///
/// ```swift
/// OperatorSchema.declaration(name: "<⊕", original: "<", cases: [(3, "<="), (4, ">=")])
/// // infix operator <⊕: ComparisonPrecedence
/// // @usableFromInline func <⊕ <T: Comparable>(l: T, r: T) -> Bool {
/// //   switch WorkshopMutantSwitch.active {
/// //   case 3: l <= r
/// //   case 4: l >= r
/// //   default: l < r
/// //   }
/// // }
/// // … and the same for tuples of two and three elements
/// ```
enum OperatorSchema {
  static func declaration(name: String, original: String, cases: [(Int, String)]) -> String {
    /// A `switch` over the active mutant that applies `body` to each operator.
    func choose(_ body: (String) -> String) -> String {
      var lines = ["  switch WorkshopMutantSwitch.active {"]
      for (number, replacement) in cases { lines.append("  case \(number): \(body(replacement))") }
      lines.append("  default: \(body(original))")
      lines.append("  }")
      return lines.joined(separator: "\n")
    }
    func function(_ generics: String, _ parameters: String, _ result: String, _ body: String)
      -> String
    {
      "@usableFromInline func \(name) \(generics)(\(parameters))\(result) {\n\(body)\n}"
    }
    switch original {
    case "<", "<=", ">", ">=":
      return
        (["infix operator \(name): ComparisonPrecedence"]
        + overloads(of: "Comparable").map { generics, parameters in
          function(generics, parameters, " -> Bool", choose { "l \($0) r" })
        }).joined(separator: "\n")
    case "==", "!=":
      let nilComparisons = [
        ("<T>", "l: T?, r: _OptionalNilComparisonType"),
        ("<T>", "l: _OptionalNilComparisonType, r: T?"),
      ]
      return
        (["infix operator \(name): ComparisonPrecedence"]
        + (overloads(of: "Equatable") + nilComparisons).map { generics, parameters in
          function(generics, parameters, " -> Bool", choose { "l \($0) r" })
        }).joined(separator: "\n")
    case "&&", "||":
      let group =
        original == "&&" ? "LogicalConjunctionPrecedence" : "LogicalDisjunctionPrecedence"
      return [
        "infix operator \(name): \(group)",
        function(
          "", "l: Bool, r: @autoclosure () throws -> Bool", " rethrows -> Bool",
          choose { "try l \($0) r()" }),
      ].joined(separator: "\n")
    case "+", "-":
      return [
        "infix operator \(name): AdditionPrecedence",
        function("<T: AdditiveArithmetic>", "l: T, r: T", " -> T", choose { "l \($0) r" }),
      ].joined(separator: "\n")
    case "&+", "&-":
      return [
        "infix operator \(name): AdditionPrecedence",
        function("<T: FixedWidthInteger>", "l: T, r: T", " -> T", choose { "l \($0) r" }),
      ].joined(separator: "\n")
    case "+=", "-=":
      return [
        "infix operator \(name): AssignmentPrecedence",
        function("<T: AdditiveArithmetic>", "l: inout T, r: T", "", choose { "l \($0) r" }),
      ].joined(separator: "\n")
    case "&+=", "&-=":
      return [
        "infix operator \(name): AssignmentPrecedence",
        function("<T: FixedWidthInteger>", "l: inout T, r: T", "", choose { "l \($0) r" }),
      ].joined(separator: "\n")
    case "!":
      // Prefix: the mutant drops the negation.
      let cases = cases.map { "  case \($0.0): b" }.joined(separator: "\n")
      return """
        prefix operator \(name)
        @usableFromInline prefix func \(name)(b: Bool) -> Bool {
          switch WorkshopMutantSwitch.active {
        \(cases)
          default: !b
          }
        }
        """
    default:
      return "// no schema for \(original)"
    }
  }

  /// The generic parameters and parameters of a comparison over `protocolName`: one value, and
  /// tuples of two and three (which the standard library compares element by element).
  private static func overloads(of protocolName: String) -> [(String, String)] {
    [
      ("<T: \(protocolName)>", "l: T, r: T"),
      ("<A: \(protocolName), B: \(protocolName)>", "l: (A, B), r: (A, B)"),
      (
        "<A: \(protocolName), B: \(protocolName), C: \(protocolName)>",
        "l: (A, B, C), r: (A, B, C)"
      ),
    ]
  }
}
