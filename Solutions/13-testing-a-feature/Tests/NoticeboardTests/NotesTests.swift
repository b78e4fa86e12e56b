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
    #if SOLUTION
      let model = withDependencies {
        $0.uuid = .incrementing
        $0.date = .constant(noon)
      } operation: {
        NoticeboardModel()
      }

      model.addNote("Milk")
      model.addNote("Eggs")
      let ids = model.notes.map(\.id)
      #expect(
        ids == [UUID(0), UUID(1)],
        """
        With an incrementing UUID generator, two notes were added: their ids should be UUID(0) \
        and UUID(1), but they were \(shown(ids)).
        """)
    #else
      // Show that each new note takes its id from the uuid dependency: with an incrementing
      // generator, the first note's id is UUID(0) and the second's UUID(1). A note also reads
      // the date dependency, so set that one too.
    #endif
  }

  @Test(
    "a new note is dated exactly noon when the date dependency is fixed at noon",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    })
  func notesGetTheirDateFromTheDateDependency() {
    #if SOLUTION
      let model = NoticeboardModel()

      model.addNote("Milk")
      let dates = model.notes.map(\.createdAt)
      #expect(
        dates == [noon],
        """
        With the date dependency fixed at noon, a note was added: its date should be noon, \
        but the notes' dates were \(shown(dates)).
        """)
    #else
      // Show that a new note is dated by the date dependency: fix it at one moment (the
      // fixtures' `noon`) and check that the note has exactly that date.
    #endif
  }

  @Test(
    "one, two or three notes are listed in the order added, newest last, with ids UUID(0), UUID(1), …",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    },
    arguments: [["Milk"], ["Milk", "Eggs"], ["Milk", "Eggs", "Bread"]])
  func notesKeepTheOrderTheyWereAddedIn(texts: [String]) {
    #if SOLUTION
      let model = NoticeboardModel()

      for text in texts {
        model.addNote(text)
      }
      let added = model.notes.map(\.text)
      #expect(
        added == texts,
        """
        The notes \(texts) were added one after another: they should be listed in that order, \
        the newest last, but they were listed as \(added).
        """)
      let ids = model.notes.map(\.id)
      #expect(
        ids == texts.indices.map(UUID.init),
        """
        With a new incrementing UUID generator, the notes \(texts) were added one after another: \
        their ids should count up from UUID(0) in that order, but they were \(shown(ids)).
        """)
    #else
      // For one, two and three notes (one test, several arguments), show that the notes come
      // out in the order they were added, the newest last, numbered UUID(0), UUID(1), … by
      // an incrementing generator that starts afresh for every argument.
    #endif
  }
}
