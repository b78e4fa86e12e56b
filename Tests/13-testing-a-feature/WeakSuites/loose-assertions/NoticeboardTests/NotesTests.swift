import Dependencies
import DependenciesTestSupport
import Foundation
import Noticeboard
import Testing

// A weak suite: ids and texts are looked for with `contains` instead of compared in order, the
// dates are only "not empty", and the ids of the parameterized test only "at least as many".

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
    let ids = model.notes.map(\.id)
    #expect(ids.contains(UUID(0)))
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
    let dates = model.notes.map(\.createdAt)
    #expect(!dates.isEmpty)
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
    let added = model.notes.map(\.text)
    #expect(texts.allSatisfy { added.contains($0) })
    let ids = model.notes.map(\.id)
    #expect(ids.count >= texts.count)
  }
}
