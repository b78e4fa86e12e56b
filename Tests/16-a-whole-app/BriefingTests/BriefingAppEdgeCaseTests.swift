import Foundation
import Testing

// Hidden tests of the whole app: `brief save` and `brief remind` run as processes of their own
// in preview mode.

@Suite struct BriefingAppEdgeCaseTests {
  @Test func previewModeSavesWithCountedIDs() throws {
    let run = try runLessonApp(["save", "2", "4", "2"])
    lessonCheckRun(
      run,
      printed: [
        "Saved 2: City library opens its doors until midnight (id 00000000-0000-0000-0000-000000000000)",
        "Saved 4: New cycle lane links the station and the university (id 00000000-0000-0000-0000-000000000001)",
        "Already saved 2.",
        "Reading list: 2 headlines",
      ],
      about: """
        In preview mode the ids are counted from UUID(0): the entry point prepares \
        `.incrementing` ids for the preview context (Step 4), and the reading list takes its ids \
        from the uuid dependency (Step 2).
        """)
  }

  @Test func previewModeRemindsAtOnce() throws {
    let run = try runLessonApp(["remind", "10", "1", "3"])
    lessonCheckRun(
      run,
      printed: [
        "Saved 1: Harbour ferry returns after a week of storms (id 00000000-0000-0000-0000-000000000000)",
        "Saved 3: Local bakery wins the national sourdough prize (id 00000000-0000-0000-0000-000000000001)",
        "Reading list: 2 headlines",
        "Reminder in 10 minutes.",
        "Time to read: 2 headlines",
        "- Harbour ferry returns after a week of storms, saved at 07:30 UTC on 2026-01-01",
        "- Local bakery wins the national sourdough prize, saved at 07:30 UTC on 2026-01-01",
      ],
      about: """
        In preview mode a reminder's wait ends at once: the entry point prepares a clock whose \
        waits end at once for the preview context (Step 4), and the reading list waits on the \
        clock dependency (Step 2).
        """)
  }

  @Test func liveModeKeepsTheRealDate() throws {
    // The live news service does not exist (and the tests have no network): the app says it
    // could not fetch the headlines, and when it tried, by the date dependency.
    let run = try runLessonApp(["headlines"], context: "live")
    let errorLines = run.errors.split(separator: "\n").map(String.init)
    let tried = errorLines.first { $0.hasPrefix("The headlines could not be fetched (tried at ") }
    guard run.status != nil, let tried else {
      Issue.record(
        """
        `brief headlines` in the live context should say on standard error that the headlines \
        could not be fetched, and when it tried, but it \
        \(run.status == nil ? "was still running \(Int(lessonAppTimeLimit)) seconds after it started" : "printed \(errorLines.first.map(lessonShownErrorLine) ?? "nothing")").
        """)
      return
    }
    lessonCheck(
      !tried.contains("07:30 UTC on 2026-01-01"),
      """
      `brief headlines` in the live context printed "\(tried)": preview mode's date, 07:30 UTC \
      on 2026-01-01, reached the live app. Step 4: the entry point makes its preview choices \
      in the preview context only, and leaves the live context's values alone.
      """)
  }
}
