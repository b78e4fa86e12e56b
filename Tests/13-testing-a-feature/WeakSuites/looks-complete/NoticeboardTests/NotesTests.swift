import Dependencies
import DependenciesTestSupport
import Foundation
import Noticeboard
import Testing

// A weak suite: it adds the notes the reference adds, but checks only the first note: its id,
// its date, its text.

@MainActor
@Suite("Step 3: notes get their id and date from dependencies")
struct NotesTests {
  @Test("two new notes take ids UUID(0) and UUID(1) from an incrementing uuid dependency")
  func notesGetTheirIdsFromTheUUIDDependency() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    } operation: {
      NoticeboardModel()
    }

    model.addNote("Milk")
    model.addNote("Eggs")
    #expect(model.notes.first?.id == UUID(0))
  }

  @Test(
    "a new note is dated exactly noon when the date dependency is fixed at noon",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    })
  func notesGetTheirDateFromTheDateDependency() {
    let model = NoticeboardModel()

    model.addNote("Milk")
    #expect(model.notes.first?.createdAt == noon)
  }

  @Test(
    "one, two or three notes are listed in the order added, newest last, with ids UUID(0), UUID(1), …",
    .dependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    },
    arguments: [["Milk"], ["Milk", "Eggs"], ["Milk", "Eggs", "Bread"]])
  func notesKeepTheOrderTheyWereAddedIn(texts: [String]) {
    let model = NoticeboardModel()

    for text in texts {
      model.addNote(text)
    }
    #expect(model.notes.first?.text == texts.first)
  }
}
