import DependencyWrapper
import Foundation
import Generators

// The dependencies, the app code and the helpers the tests share. Everything here uses this
// module's `DependencyValues` and your `DependencyWrapper.Dependency`, spelled out in full so
// that no other `@Dependency` can stand in for yours.

// MARK: - Dependencies

/// Makes identifiers for new todos. The default hands out one fixed identifier, so a test sees
/// at once when a model missed an override.
enum UUIDKey: TestDependencyKey {
  static let testValue = UUIDGenerator.constant(defaultUUID)
}

/// Tells the time. The default is stuck at 1970.
enum DateKey: TestDependencyKey {
  static let testValue = DateGenerator.constant(defaultDate)
}

/// Which server the app talks to.
enum ServerKey: TestDependencyKey {
  static let testValue = "https://unconfigured.example.com"
}

/// The client for the todos endpoint: its own key, so it can be read with
/// `@Dependency(TodosAPI.self)`. Its default is built from another dependency, `server`, read
/// from the values that are current when the default is computed.
struct TodosAPI: TestDependencyKey, Equatable {
  var baseURL: String

  static var testValue: TodosAPI {
    TodosAPI(baseURL: DependencyValues._current.server)
  }
}

extension DependencyValues {
  var uuid: UUIDGenerator {
    get { self[UUIDKey.self] }
    set { self[UUIDKey.self] = newValue }
  }
  var date: DateGenerator {
    get { self[DateKey.self] }
    set { self[DateKey.self] = newValue }
  }
  var server: String {
    get { self[ServerKey.self] }
    set { self[ServerKey.self] = newValue }
  }
  var todosAPI: TodosAPI {
    get { self[TodosAPI.self] }
    set { self[TodosAPI.self] = newValue }
  }
}

// MARK: - Values the tests use

/// What `uuid` hands out when nobody overrode it.
let defaultUUID = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!

/// What `date.now` says when nobody overrode it.
let defaultDate = Date(timeIntervalSince1970: 0)

/// The moment the tests pretend the app was launched, and a minute later.
let launch = Date(timeIntervalSince1970: 1_234_567_890)
let aMinuteLater = launch.addingTimeInterval(60)

/// A short, stable name for a UUID in failure messages.
func describe(_ uuid: UUID) -> String {
  if uuid == defaultUUID { return "the default UUID" }
  for number in 0..<10 where uuid == UUID(number) { return "UUID(\(number))" }
  return "an unexpected UUID"
}

/// A short, stable name for a date in failure messages.
func describe(_ date: Date) -> String {
  switch date {
  case defaultDate: "the default date (1970)"
  case launch: "launch"
  case aMinuteLater: "a minute after launch"
  default: "an unexpected date"
  }
}

// MARK: - App code

struct Todo: Equatable, Sendable {
  var id: UUID
  var title: String
  var createdAt: Date
}

/// A screen's model, written the way the lesson recommends: it reads its dependencies through
/// your property wrapper, including a key path into a value (`\.date.now`).
final class TodosModel {
  @DependencyWrapper.Dependency(\.uuid) var uuid
  @DependencyWrapper.Dependency(\.date.now) var now
  @DependencyWrapper.Dependency(\.todosAPI) var api
  private(set) var todos: [Todo] = []

  func addButtonTapped(title: String) {
    todos.append(Todo(id: uuid(), title: title, createdAt: now))
  }

  /// Where the model would save its todos.
  var saveURL: String {
    api.baseURL + "/todos"
  }
}

/// Describes the model's todos for failure messages: identifier and date of each.
func describe(_ todos: [Todo]) -> String {
  let items = todos.map { "\($0.title): \(describe($0.id)), \(describe($0.createdAt))" }
  return "[" + items.joined(separator: "; ") + "]"
}
