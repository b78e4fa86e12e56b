import Dependencies
import DependenciesTestSupport
import Foundation
import Noticeboard
import Testing

@MainActor
@Suite("Step 3: notes get their id and date from dependencies")
struct NotesTests {
  @Test("two new notes take ids UUID(0) and UUID(1) from an incrementing uuid dependency")
  func notesGetTheirIdsFromTheUUIDDependency() {
    // Show that each new note takes its id from the uuid dependency: with an incrementing
    // generator, the first note's id is UUID(0) and the second's UUID(1). A note also reads
    // the date dependency, so set that one too.
  }

  @Test(
    "a new note is dated exactly noon when the date dependency is fixed at noon",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    })
  func notesGetTheirDateFromTheDateDependency() {
    // Show that a new note is dated by the date dependency: fix it at one moment (the
    // fixtures' `noon`) and check that the note has exactly that date.
  }

  @Test(
    "one, two or three notes are listed in the order added, newest last, with ids UUID(0), UUID(1), …",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    },
    arguments: [["Milk"], ["Milk", "Eggs"], ["Milk", "Eggs", "Bread"]])
  func notesKeepTheOrderTheyWereAddedIn(texts: [String]) {
    // For one, two and three notes (one test, several arguments), show that the notes come
    // out in the order they were added, the newest last, numbered UUID(0), UUID(1), … by
    // an incrementing generator that starts afresh for every argument.
  }
}
