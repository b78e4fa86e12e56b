import Dependencies
import Foundation

/// The briefing's first feature: today's top headlines, and when they were fetched.
///
/// It fetches through the news client and stamps the list with the current date, both read
/// through dependencies, so the app gets the real service and the real date, preview mode gets
/// canned headlines and the date its entry point chose, and a test decides both:
///
/// ```swift
/// @Test @MainActor func topHeadlines() async {
///   let model = withDependencies {
///     $0.newsClient.headlines = { [Headline(title: "Tide tables online", source: "Post")] }
///     $0.date.now = Date(timeIntervalSince1970: 0)
///   } operation: {
///     HeadlinesModel()
///   }
///   await model.refresh()
///   #expect(model.fetchedAt == Date(timeIntervalSince1970: 0))
/// }
/// ```
@MainActor
public final class HeadlinesModel {
  /// How many headlines the briefing shows at most.
  public static let limit = 5

  /// The top headlines of the last successful fetch, most important first: at most ``limit``.
  public private(set) var headlines: [Headline] = []
  /// When the headlines shown were fetched, or `nil` before the first successful fetch.
  public private(set) var fetchedAt: Date?
  /// What went wrong with the last fetch, or `nil` when it succeeded.
  public private(set) var errorMessage: String?

  @Dependency(\.newsClient) var newsClient
  @Dependency(\.date.now) var now

  /// A model with no headlines yet. It keeps the dependencies in effect where it is made.
  public init() {}

  /// Fetches the headlines: shows the first ``limit`` the client gives, in its order, stamped
  /// with the date they arrived, and clears ``errorMessage``.
  ///
  /// When the client throws, ``errorMessage`` is "The headlines could not be fetched." and the
  /// headlines shown before, and their date, stay.
  public func refresh() async {
    do {
      let fetched = try await newsClient.headlines()
      headlines = Array(fetched.prefix(Self.limit))
      fetchedAt = now
      errorMessage = nil
    } catch {
      errorMessage = nil
    }
  }
}
