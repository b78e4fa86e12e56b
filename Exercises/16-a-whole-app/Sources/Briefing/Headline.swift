import Foundation

/// One headline of the morning briefing: what happened, and who reported it.
public struct Headline: Codable, Equatable, Sendable {
  /// What the story is about, in one line.
  public var title: String
  /// The paper or site that published it.
  public var source: String

  /// A headline with every field given.
  ///
  /// - Parameters:
  ///   - title: What the story is about, in one line.
  ///   - source: The paper or site that published it.
  public init(title: String, source: String) {
    self.title = title
    self.source = source
  }
}

/// A headline saved to read later: the id the reading list files it under, and when it was
/// saved.
public struct ReadingItem: Equatable, Sendable, Identifiable {
  /// What tells this item from every other in the reading list.
  public let id: UUID
  /// The headline saved.
  public var headline: Headline
  /// When it was saved.
  public var savedAt: Date

  /// An item with every field given.
  ///
  /// - Parameters:
  ///   - id: What tells this item from every other.
  ///   - headline: The headline saved.
  ///   - savedAt: When it was saved.
  public init(id: UUID, headline: Headline, savedAt: Date) {
    self.id = id
    self.headline = headline
    self.savedAt = savedAt
  }
}

/// What the reading list says once its reminder's time has come: the items still to read, and
/// when it fired.
public struct Reminder: Equatable, Sendable {
  /// The items in the reading list when the reminder fired, in the order they were saved.
  public var items: [ReadingItem]
  /// When the reminder fired.
  public var firedAt: Date

  /// A reminder with every field given.
  ///
  /// - Parameters:
  ///   - items: The items to read, in the order they were saved.
  ///   - firedAt: When the reminder fired.
  public init(items: [ReadingItem], firedAt: Date) {
    self.items = items
    self.firedAt = firedAt
  }
}
