/// The kinds of small, plausible change the mutation analysis makes to a solution: each one a
/// slip a learner could make, which some solution test should notice.
///
/// The set follows the selective-mutation operators that are known to be enough in practice
/// (relational, logical connector, arithmetic, unary, literal), the two that matter most in code
/// with side effects (a statement left out, a function that returns before doing its work), and
/// the slips learners make with calls: a duration off by one, a message reworded, a collection
/// in the wrong order, a loop that stops early, a default used too soon, a scope skipped, a
/// merge the wrong way round. Each case below says what it changes.
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
  /// An integer argument of a call `n` → `n - 1` and `2 × n`, when `n` is at least 2:
  /// `.seconds(10)` → `.seconds(9)`, `.seconds(20)` (`n + 1` is ``integerLiteral``'s).
  case callArgument = "call-argument"
  /// A string literal's text changed: its last character dropped (`"Saved."` → `"Saved"`), or
  /// `!` added when it is empty or ends in an interpolation or an escape.
  case stringLiteral = "string-literal"
  /// A collection in another order: `xs.append(x)` ↔ `xs.insert(x, at: 0)`, `.first` ↔
  /// `.last`, `for x in xs` → `for x in xs.reversed()`, `xs.sorted()` → `xs`.
  case collectionOrder = "collection-order"
  /// A loop that stops after its first pass: `break` at the end of its body.
  case loopOnce = "loop-once"
  /// `a ?? b` → `b`: the default even when there is a value.
  case nilDefault = "nil-default"
  /// A `with…` call that runs a closure in a scope is bypassed, the closure run directly:
  /// `$_current.withValue(v) { body }` → `{ body }()`, `withValue(v, operation: f)` → `f()`.
  case callBypass = "call-bypass"
  /// A combining call the wrong way round, or left out: `a.merging(b)` → `b.merging(a)` and
  /// → `a` (methods whose names end in -ing: by Swift's naming guidelines they return a new
  /// value made from the receiver and the argument).
  case receiverSwap = "receiver-swap"

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
