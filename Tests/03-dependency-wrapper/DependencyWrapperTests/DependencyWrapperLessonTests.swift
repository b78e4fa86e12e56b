import DependencyWrapper
import Foundation
import Generators
import Testing

// The lesson's tests for Steps 1 and 2, one suite per step; Steps 3 and 4 are in
// ReadingScopeAndKeyTypeLessonTests.swift. Run one step with, for example,
// `swift test --filter CapturedValuesTests`. Every wrapper here is spelled
// `DependencyWrapper.Dependency`: your property wrapper, never the library's.

/// Reads `server` through a key path into `todosAPI`, whose default is built from `server`.
struct BaseURLReader {
  @DependencyWrapper.Dependency(\.todosAPI.baseURL) var baseURL
}

@Suite("Step 1: a model keeps the values of the scope it was created in")
struct CapturedValuesTests {
  @Test func aModelUsesTheScopeItWasCreatedIn() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(launch)
    } operation: {
      TodosModel()
    }
    // The scope has ended; the model was made inside it.
    model.addButtonTapped(title: "Buy milk")
    model.addButtonTapped(title: "Walk the dog")
    let expected = [
      Todo(id: UUID(0), title: "Buy milk", createdAt: launch),
      Todo(id: UUID(1), title: "Walk the dog", createdAt: launch),
    ]
    #expect(
      model.todos == expected,
      """
      A TodosModel created inside a scope that set `uuid` to .incrementing and `date` to \
      launch, used after that scope ended, made \(describe(model.todos)); it should have made \
      \(describe(expected)). A @Dependency keeps the values of the scope it was created in: \
      store `DependencyValues._current` when the wrapper is created, and read from that \
      (Step 1).
      """)
  }

  @Test func twoModelsKeepTheirOwnScopes() {
    let launchModel = withDependencies {
      $0.date = .constant(launch)
    } operation: {
      TodosModel()
    }
    let laterModel = withDependencies {
      $0.date = .constant(aMinuteLater)
    } operation: {
      TodosModel()
    }
    let (first, second) = (launchModel.now, laterModel.now)
    #expect(
      first == launch,
      """
      Two models were created, in scopes whose `date` was launch and a minute after launch. \
      The first read `now` as \(describe(first)) instead of launch after its scope ended. A \
      @Dependency keeps the values of the scope it was created in: store \
      `DependencyValues._current` when the wrapper is created, and read from that (Step 1).
      """)
    #expect(
      second == aMinuteLater,
      """
      Two models were created, in scopes whose `date` was launch and a minute after launch. \
      The first read `now` as launch, but the second as \(describe(second)) instead of a \
      minute after launch. Each @Dependency must keep the values of its own scope, in its own \
      stored property (Step 1).
      """)
  }

  @Test func aKeyPathCanReachIntoADependency() {
    let (model, reader) = withDependencies {
      $0.date = .constant(launch)
      $0.todosAPI = TodosAPI(baseURL: "https://mock.example.com")
    } operation: {
      (TodosModel(), BaseURLReader())
    }
    let (now, baseURL) = (model.now, reader.baseURL)
    #expect(
      now == launch,
      """
      `@Dependency(\\.date.now)`, created where `date` was set to launch, read \
      \(describe(now)) after the scope ended. A @Dependency keeps the values of the scope it \
      was created in, and applies its whole key path, which may go into a dependency's value, \
      to them (Step 1).
      """)
    #expect(
      baseURL == "https://mock.example.com",
      """
      `@Dependency(\\.todosAPI.baseURL)`, created where `todosAPI` was set to a client for \
      https://mock.example.com, read "\(baseURL)" after the scope ended. Apply the whole key \
      path to the captured values (Step 1).
      """)
  }
}

@Suite("Step 2: the captured values are current while the property is read")
struct CurrentWhileReadingTests {
  @Test func aDefaultThatReadsADependencySeesTheCapturedValues() {
    let model = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      TodosModel()
    }
    let saveURL = model.saveURL
    #expect(
      saveURL == "https://staging.example.com/todos",
      """
      A model created where `server` was "https://staging.example.com" would save to \
      "\(saveURL)". Its `todosAPI` was not overridden, so it reads the default, and that \
      default is built from `server` as it finds it in `DependencyValues._current`. Make the \
      values you read from (the captured ones, Step 1) current while the key path runs \
      (`DependencyValues.$_current.withValue`, Step 2).
      """)
  }

  @Test func aKeyPathIntoSuchADefaultSeesThemToo() {
    let reader = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      BaseURLReader()
    }
    let baseURL = reader.baseURL
    #expect(
      baseURL == "https://staging.example.com",
      """
      `@Dependency(\\.todosAPI.baseURL)`, created where `server` was \
      "https://staging.example.com", read "\(baseURL)". The default `todosAPI` reads `server` \
      from the current values: they must be the captured ones while the property is read \
      (Step 2).
      """)
  }
}
