/// The kinds of small, plausible change the mutation analysis makes to a solution: each one a
/// slip a learner could make, which some solution test should notice.
///
/// The set follows the selective-mutation operators that are known to be enough in practice
/// (relational, logical connector, arithmetic, unary, literal), plus the two that matter most
/// in code with side effects: a statement left out, and a function that returns before doing
/// its work. Workspace.md ("Mutation analysis") lists them with examples.
public enum MutationOperator: String, Sendable, CaseIterable, Codable, Comparable {
  /// `<` ↔ `<=`, `>` ↔ `>=`: an off-by-one at a boundary.
  case relationalBoundary = "relational-boundary"
  /// `<` → `>=`, `<=` → `>`, `>` → `<=`, `>=` → `<`, `==` ↔ `!=`: a condition turned around.
  case relationalNegation = "relational-negation"
  /// `&&` ↔ `||`.
  case logicalConnector = "logical-connector"
  /// `!x` → `x`: a negation dropped.
  case negationRemoval = "negation-removal"
  /// `+` ↔ `-`, `+=` ↔ `-=`, and their wrapping forms `&+` ↔ `&-`, `&+=` ↔ `&-=`.
  case arithmetic
  /// `true` ↔ `false`.
  case booleanLiteral = "boolean-literal"
  /// An integer `n` → `n + 1`, and `n` → `0` when it is not zero.
  case integerLiteral = "integer-literal"
  /// A statement with a side effect left out: a call (`append`, `remove`, `resume`, …) or an
  /// assignment.
  case statementRemoval = "statement-removal"
  /// A function that returns nothing returns at once, before the learner's code runs.
  case voidEarlyReturn = "void-early-return"

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
