import Briefing
import Foundation
import Testing

// The lesson's test of the whole app: it runs `brief` as a process of its own in preview mode
// (`runLessonApp` in BriefingAppLessonSupport.swift), as `SWIFT_DEPENDENCIES_CONTEXT=preview
// swift run brief headlines` does, and reads what it printed, line by line.

@Suite("Step 4: the entry point prepares the app's dependencies once, first")
struct BriefingAppLessonTests {
  @Test func previewModeShowsTheCannedHeadlinesAtTheCannedTime() throws {
    let run = try runLessonApp(["headlines"])
    lessonCheckRun(
      run,
      printed: [
        "Headlines at 07:30 UTC on 2026-01-01",
        "1. Harbour ferry returns after a week of storms (The Coastal Post)",
        "2. City library opens its doors until midnight (Evening Ledger)",
        "3. Local bakery wins the national sourdough prize (Market Weekly)",
        "4. New cycle lane links the station and the university (Metro Daily)",
        "5. Orchestra announces a free concert in the park (Arts Review)",
      ],
      about: """
        In preview mode the headlines are the news client's canned ones (Step 3), and the date \
        is the one the entry point prepared for the preview context, 07:30 UTC on 2026-01-01, \
        before any feature read it (Step 4).
        """)
  }
}
