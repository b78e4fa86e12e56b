import Dependencies
import Noticeboard
import Testing

// A weak suite: it adds notes and checks nothing.

@MainActor
@Suite("Step 3: notes get their id and date from dependencies")
struct NotesTests {
  @Test func addingNotes() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(noon)
    } operation: {
      NoticeboardModel()
    }
    model.addNote("Milk")
    model.addNote("Eggs")
  }
}
