import Dispatch
import ScopedOverrides

// The dependencies, models and helpers the tests share. Everything here is ordinary app code
// written against your module: `@Dependency` and `withDependencies` are `ScopedOverrides`'.

/// Which server the app talks to. Nobody overrides it: "default server".
enum ServerKey: TestDependencyKey {
  static let testValue = "default server"
}

/// Who is signed in. Nobody overrides it: "guest".
enum AccountKey: TestDependencyKey {
  static let testValue = "guest"
}

/// A client in the struct-of-closures style: `name` says which client it is, `fetchName` is
/// its one endpoint.
struct APIClient: Sendable {
  var name: String
  var fetchName: @Sendable (Int) async throws -> String

  /// What nobody overrides: a client that answers "default user N".
  static let unconfigured = APIClient(name: "unconfigured") { "default user \($0)" }
  /// A client for tutorials and tests: it answers "mock user N".
  static let mock = APIClient(name: "mock") { "mock user \($0)" }
}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient.unconfigured
}

extension DependencyValues {
  var server: String {
    get { self[ServerKey.self] }
    set { self[ServerKey.self] = newValue }
  }
  var account: String {
    get { self[AccountKey.self] }
    set { self[AccountKey.self] = newValue }
  }
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

/// The `server` dependency as the code running right now sees it.
func currentServer() -> String {
  @Dependency(\.server) var server
  return server
}

/// The `account` dependency as the code running right now sees it.
func currentAccount() -> String {
  @Dependency(\.account) var account
  return account
}

/// Suspends the caller until a global dispatch queue has run once, and returns what `work`
/// returns there. The caller resumes on whatever thread the runtime picks: a real `await`.
func onAnotherQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { done in
    DispatchQueue.global().async { done.resume(returning: work()) }
  }
}

/// The app's root model. Like most models it declares its state first and its dependencies
/// after, and it makes its child models with `withDependencies(from: self)`.
final class AppModel {
  var profile: ProfileModel?
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.server) var server

  /// Opens the profile screen: a child with exactly the parent's dependencies.
  func openProfile() -> ProfileModel {
    let profile = ScopedOverrides.withDependencies(from: self) { ProfileModel(userID: 1) }
    self.profile = profile
    return profile
  }

  /// Opens a tutorial: a child with the parent's dependencies and a tutorial account.
  func startTutorial() -> ProfileModel {
    let profile = ScopedOverrides.withDependencies(from: self) {
      $0.account = "tutorial"
    } operation: {
      ProfileModel(userID: 2)
    }
    self.profile = profile
    return profile
  }
}

/// A child screen: it loads a user's name through the API client.
final class ProfileModel {
  let userID: Int
  var settings: SettingsModel?
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.server) var server
  @Dependency(\.account) var account

  init(userID: Int) {
    self.userID = userID
  }

  /// The user's name, fetched through this model's API client.
  func loadName() async throws -> String {
    try await apiClient.fetchName(userID)
  }

  /// Opens the settings screen, a grandchild of `AppModel`.
  func openSettings() -> SettingsModel {
    let settings = ScopedOverrides.withDependencies(from: self) { SettingsModel() }
    self.settings = settings
    return settings
  }
}

/// A grandchild screen.
final class SettingsModel {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.server) var server
  @Dependency(\.account) var account
}

/// An object with no `@Dependency` property: there is nothing to inherit from it.
final class PlainObject {
  var title = "plain"
}

/// Thrown from inside a scope, carrying what the throwing code saw.
struct SawServer: Error, Equatable {
  var server: String
}
