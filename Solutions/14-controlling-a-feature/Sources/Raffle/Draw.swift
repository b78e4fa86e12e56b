import Foundation

/// One draw of the raffle: who won, when, and the id the server files it under.
///
/// The model makes every draw, taking its `id` from the `uuid` dependency, its `drawnAt` from
/// the `date` dependency and its `winner` from the random number generator dependency, so a test
/// that controls those three knows the whole draw in advance:
///
/// ```swift
/// #expect(
///   model.lastDraw
///     == Draw(id: UUID(0), winner: "Ada", drawnAt: Date(timeIntervalSince1970: 0)))
/// ```
public struct Draw: Codable, Equatable, Sendable {
  /// What tells this draw from every other, on the screen and on the server.
  public let id: UUID
  /// The entrant who won.
  public var winner: String
  /// When the winner was picked.
  public var drawnAt: Date

  /// A draw with every field given.
  ///
  /// - Parameters:
  ///   - id: What tells this draw from every other.
  ///   - winner: The entrant who won.
  ///   - drawnAt: When the winner was picked.
  public init(id: UUID, winner: String, drawnAt: Date) {
    self.id = id
    self.winner = winner
    self.drawnAt = drawnAt
  }
}

/// What posting a draw throws when the raffle server answers with a status other than 2xx.
public struct RaffleServerError: Error, Equatable {
  /// The HTTP status the server answered with, or `nil` when the answer was not HTTP.
  public var statusCode: Int?

  /// An error for a server that answered `statusCode`.
  public init(statusCode: Int?) {
    self.statusCode = statusCode
  }
}
