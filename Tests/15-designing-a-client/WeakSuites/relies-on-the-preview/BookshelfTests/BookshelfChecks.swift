import Bookshelf
import Dependencies
import Foundation
import Testing

// Tests the model against the preview client instead of controlling each endpoint: the
// canned shelf decides every answer, so nothing ever fails, and nothing checks what the
// model asked.

@MainActor
@Suite struct ModelOnThePreview {
  func makeModel(query: String) -> BookSearchModel {
    withDependencies {
      $0.bookClient = .previewValue
      $0.date = .constant(noon)
    } operation: {
      BookSearchModel(query: query)
    }
  }

  @Test func searchFindsLeGuin() async {
    let model = makeModel(query: "le guin")
    await model.search()
    #expect(model.results.count == 3)
    #expect(!model.isSearching)
    #expect(model.errorMessage == nil)
  }

  @Test func openingDuneShowsIt() async {
    let model = makeModel(query: "")
    await model.select(3)
    #expect(model.selected?.title == "Dune")
  }

  @Test func borrowingDuneLendsIt() async {
    let model = makeModel(query: "")
    await model.select(3)
    // The preview's borrow reads the date when it is called.
    await withDependencies {
      $0.date = .constant(noon)
    } operation: {
      await model.borrow(as: "Ada")
    }
    #expect(model.loan?.bookID == 3)
    #expect(model.loan?.reader == "Ada")
  }
}
