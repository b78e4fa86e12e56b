import Foundation

/// A note pinned to the noticeboard: what it says, and when it was added.
///
/// The model makes every note, taking its `id` from the `uuid` dependency and its `createdAt`
/// from the `date` dependency, so a test that controls those two knows every field in advance
/// and can compare whole notes:
///
/// ```swift
/// #expect(
///   model.notes == [
///     Note(id: UUID(0), text: "Milk", createdAt: Date(timeIntervalSince1970: 0))
///   ])
/// ```
public struct Note: Equatable, Identifiable, Sendable {
  /// What tells this note from every other, even one with the same text.
  public let id: UUID
  /// What the note says.
  public var text: String
  /// When the note was added.
  public var createdAt: Date

  /// A note with every field given.
  ///
  /// - Parameters:
  ///   - id: What tells this note from every other.
  ///   - text: What the note says.
  ///   - createdAt: When the note was added.
  public init(id: UUID, text: String, createdAt: Date) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
  }
}
