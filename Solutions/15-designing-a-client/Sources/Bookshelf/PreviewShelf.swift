import Foundation

extension Book {
  /// The canned shelf the preview client serves: a few real books, so that a preview of a
  /// screen looks like the app, with no server.
  public static let previewShelf: [Book] = [
    Book(id: 1, title: "A Wizard of Earthsea", author: "Ursula K. Le Guin", published: year(1968)),
    Book(
      id: 2, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin",
      published: year(1969)),
    Book(id: 3, title: "Dune", author: "Frank Herbert", published: year(1965)),
    Book(id: 4, title: "The Dispossessed", author: "Ursula K. Le Guin", published: year(1974)),
    Book(id: 5, title: "Kindred", author: "Octavia E. Butler", published: year(1979)),
    Book(id: 6, title: "Parable of the Sower", author: "Octavia E. Butler", published: year(1993)),
  ]

  /// 1 January of `year`, 00:00 UTC.
  private static func year(_ year: Int) -> Date {
    var components = DateComponents()
    components.year = year
    components.month = 1
    components.day = 1
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: components)!
  }
}
