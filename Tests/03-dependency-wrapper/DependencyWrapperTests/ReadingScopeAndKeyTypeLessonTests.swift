import DependencyWrapper
import Foundation
import Generators
import Testing

// The lesson's tests for Steps 3 and 4, one suite per step; Steps 1 and 2 are in
// DependencyWrapperLessonTests.swift. Run one step with, for example,
// `swift test --filter ReadingScopeTests`. Every wrapper here is spelled
// `DependencyWrapper.Dependency`: your property wrapper, never the library's.

/// Reads `todosAPI` by its key type, and by its key path for comparison.
struct TodosSyncer {
  @DependencyWrapper.Dependency(TodosAPI.self) var api
  @DependencyWrapper.Dependency(\.todosAPI) var apiByKeyPath
}

@Suite("Step 3: overrides in the reading scope win over the captured values")
struct ReadingScopeTests {
  @Test func anOverrideWhereTheModelIsUsedWins() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(launch)
    } operation: {
      TodosModel()
    }
    model.addButtonTapped(title: "Buy milk")
    withDependencies {
      $0.date = .constant(aMinuteLater)
    } operation: {
      model.addButtonTapped(title: "Walk the dog")
    }
    let expected = [
      Todo(id: UUID(0), title: "Buy milk", createdAt: launch),
      Todo(id: UUID(1), title: "Walk the dog", createdAt: aMinuteLater),
    ]
    let cause =
      model.todos.first == expected.first
      ? """
      Values the reading scope sets win; values it does not set stay as captured. Lay \
      `DependencyValues._current`, read in `wrappedValue`, on top of the captured values with \
      `merging` (Step 3).
      """
      : """
      The first todo, added outside every scope, already missed the captured values: a \
      @Dependency keeps the values of the scope it was created in, and reads from them \
      (Step 1).
      """
    #expect(
      model.todos == expected,
      """
      A model created with `uuid` .incrementing and `date` at launch added one todo, then a \
      second one inside a scope that set `date` to a minute after launch. It made \
      \(describe(model.todos)); it should have made \(describe(expected)). \(cause)
      """)
  }

  @Test func aModelMadeOutsideEveryScopeSeesTheReadingScope() {
    let model = TodosModel()
    withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(launch)
    } operation: {
      model.addButtonTapped(title: "Buy milk")
    }
    let expected = [Todo(id: UUID(0), title: "Buy milk", createdAt: launch)]
    #expect(
      model.todos == expected,
      """
      A model created outside every scope, used inside one that set `uuid` and `date`, made \
      \(describe(model.todos)) instead of \(describe(expected)). It captured nothing, so the \
      reading scope's values must show through: merge the current values on top of the \
      captured ones when the property is read (Step 3).
      """)
  }

  @Test func theReadingScopeWinsForDefaultsToo() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.server = "https://staging.example.com"
    } operation: {
      TodosModel()
    }
    let saveURL = withDependencies {
      $0.server = "https://api.example.com"
      $0.date = .constant(launch)
    } operation: {
      model.addButtonTapped(title: "Buy milk")
      return model.saveURL
    }
    let expected = [Todo(id: UUID(0), title: "Buy milk", createdAt: launch)]
    #expect(
      model.todos == expected,
      """
      A model created with `uuid` .incrementing, used inside a scope that set `date` to \
      launch, made \(describe(model.todos)) instead of \(describe(expected)): the captured \
      `uuid` and the reading scope's `date` must both be used (Steps 1 and 3).
      """)
    #expect(
      saveURL == "https://api.example.com/todos",
      """
      A model created where `server` was "https://staging.example.com" and read where it is \
      "https://api.example.com" would save to "\(saveURL)". The reading scope's `server` \
      wins, also for the default `todosAPI` built from it: merge in the direction \
      `captured.merging(current)` and make the result current while reading (Steps 2 and 3).
      """)
  }
}

@Suite("Step 4: @Dependency(Key.self) reads like the key path form")
struct KeyTypeTests {
  @Test func theKeyTypeFormSeesTheCapturedValues() {
    let syncer = withDependencies {
      $0.todosAPI = TodosAPI(baseURL: "https://mock.example.com")
    } operation: {
      TodosSyncer()
    }
    let baseURL = syncer.api.baseURL
    let byKeyPath = syncer.apiByKeyPath.baseURL
    let keyPathNote =
      byKeyPath == "https://mock.example.com"
      ? "(`@Dependency(\\.todosAPI)` in the same model read it right.)"
      : "(`@Dependency(\\.todosAPI)` read \"\(byKeyPath)\" too: Steps 1 to 3 must work first.)"
    #expect(
      baseURL == "https://mock.example.com",
      """
      `@Dependency(TodosAPI.self)`, created where `todosAPI` was set to a client for \
      https://mock.example.com, read a client for "\(baseURL)". The key type form must read \
      the key out of the values at each read, not return the key's default: call the key \
      path initializer with `\\DependencyValues.[HashableKey<Key>()]` (Step 4). \(keyPathNote)
      """)
  }

  @Test func theKeyTypeFormLetsTheReadingScopeWin() {
    let syncer = withDependencies {
      $0.todosAPI = TodosAPI(baseURL: "https://mock.example.com")
    } operation: {
      TodosSyncer()
    }
    let (baseURL, byKeyPath) = withDependencies {
      $0.todosAPI = TodosAPI(baseURL: "https://other-mock.example.com")
    } operation: {
      (syncer.api.baseURL, syncer.apiByKeyPath.baseURL)
    }
    let keyPathNote =
      byKeyPath == "https://other-mock.example.com"
      ? "(`@Dependency(\\.todosAPI)` in the same model read it right.)"
      : "(`@Dependency(\\.todosAPI)` read \"\(byKeyPath)\" too: Steps 1 to 3 must work first.)"
    #expect(
      baseURL == "https://other-mock.example.com",
      """
      `@Dependency(TodosAPI.self)`, created where `todosAPI` was set to a client for \
      https://mock.example.com and read inside a scope that set it to a client for \
      https://other-mock.example.com, read a client for "\(baseURL)". Build the key type \
      form on the same reading as the key path form, so it gets the same merging (Step 4). \
      \(keyPathNote)
      """)
  }

  @Test func bothFormsAgree() {
    let syncer = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      TodosSyncer()
    }
    let outside = (syncer.api.baseURL, syncer.apiByKeyPath.baseURL)
    let inside = withDependencies {
      $0.todosAPI = TodosAPI(baseURL: "https://mock.example.com")
    } operation: {
      (syncer.api.baseURL, syncer.apiByKeyPath.baseURL)
    }
    #expect(
      outside.1 == "https://staging.example.com",
      """
      Created where `server` was "https://staging.example.com" and read after that scope \
      ended, `@Dependency(\\.todosAPI)` read a client for "\(outside.1)" (and \
      `@Dependency(TodosAPI.self)` one for "\(outside.0)"); both should read \
      "https://staging.example.com". The key path form comes first (Steps 1 to 3).
      """)
    #expect(
      outside.0 == "https://staging.example.com",
      """
      Created where `server` was "https://staging.example.com" and read after that scope \
      ended, `@Dependency(\\.todosAPI)` read a client for "https://staging.example.com" but \
      `@Dependency(TodosAPI.self)` one for "\(outside.0)". Build the key type form on the key \
      path initializer, so that both read alike (Step 4).
      """)
    #expect(
      inside.1 == "https://mock.example.com",
      """
      Read inside a scope that set `todosAPI` to a client for https://mock.example.com, \
      `@Dependency(\\.todosAPI)` read a client for "\(inside.1)" (and \
      `@Dependency(TodosAPI.self)` one for "\(inside.0)"); both should read \
      "https://mock.example.com". The key path form comes first (Step 3).
      """)
    #expect(
      inside.0 == "https://mock.example.com",
      """
      Read inside a scope that set `todosAPI` to a client for https://mock.example.com, \
      `@Dependency(\\.todosAPI)` read a client for "https://mock.example.com" but \
      `@Dependency(TodosAPI.self)` one for "\(inside.0)". Build the key type form on the key \
      path initializer, so that it gets the same merging (Step 4).
      """)
  }
}
