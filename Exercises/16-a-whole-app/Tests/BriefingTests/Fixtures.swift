import Briefing
import Dependencies
import Foundation
import Testing

// Helpers for your tests. Each one only makes something a test needs; none of them checks
// anything. Add your own below (keep their names different from the lesson's, which start
// with `Lesson` or `lesson`).

/// A fixed moment for the date dependency: 07:30 UTC on 1 January 2026.
let morning = Date(timeIntervalSince1970: 1_767_252_600)

/// The error a test's news client throws when the test takes the network away.
struct Offline: Error {}

/// Six headlines a test's news client can answer: "Story 1" to "Story 6".
let sixStories = (1...6).map { Headline(title: "Story \($0)", source: "Wire") }

// Your helpers: for instance a function that makes a `HeadlinesModel` whose client and date
// the test controls, and one that makes a `ReadingListModel` on a test clock.
