/// One small change to the learner's side of a solution: where it is, which
/// ``MutationOperator`` made it, and the line before and after.
///
/// Its ``id`` is stable from run to run and survives edits elsewhere in the file: it is made
/// from the file, the operator, the text of the line and where on the line the change is, not
/// from a line number. An author names a mutant by it (to record it as equivalent).
///
/// ```swift
/// // Sleeper.swift:27  relational-boundary
/// //   before: (deadline, registration) < (other.deadline, other.registration)
/// //   after:  (deadline, registration) <= (other.deadline, other.registration)
/// ```
public struct Mutant: Sendable, Equatable {
  /// Stable across runs: `<file>:<operator>:<8 hex digits>`.
  public var id: String
  /// The file, inside the module (`TestClock+Advancing.swift`).
  public var file: String
  /// The line in the solution file (`Solutions/<id>/Sources/<Module>/<file>`), from 1.
  public var line: Int
  public var mutationOperator: MutationOperator
  /// The line as the solution has it, without its indentation.
  public var before: String
  /// The same line with the change made (empty when a statement was removed whole).
  public var after: String
  /// The edit, in the file as a learner who wrote the solution would hand it in.
  public var edit: Edit

  public init(
    id: String, file: String, line: Int, mutationOperator: MutationOperator, before: String,
    after: String, edit: Edit
  ) {
    self.id = id
    self.file = file
    self.line = line
    self.mutationOperator = mutationOperator
    self.before = before
    self.after = after
    self.edit = edit
  }

  /// What a mutant changes, in terms of the tokens of its file (``SwiftLexer``).
  public enum Edit: Sendable, Equatable {
    /// The token at this index is written as `text` instead (an operator or a literal).
    case replace(token: Int, text: String)
    /// The statement made of tokens `first...last` is left out.
    case remove(first: Int, last: Int)
    /// `return` is inserted before the token at this index (a statement's first).
    case returnBefore(token: Int)
    /// The expression made of tokens `first...last` is written as `text` instead (one line).
    case rewrite(first: Int, last: Int, text: String)
    /// `break` is inserted before the token at this index (the `}` that closes a loop's body).
    case breakBefore(token: Int)
  }
}
