import Dependencies
import Dispatch
import EscapedDependencies

// The dependencies, the callback-based API and the app code the tests exercise.

/// Which server the app talks to. Tests override it; a closure that runs without the escaped
/// values sees the default, "unconfigured".
enum ServerKey: DependencyKey {
  static let liveValue = "https://api.example.com"
  static let testValue = "unconfigured"
}

/// Who is signed in. The default is "guest".
enum AccountKey: DependencyKey {
  static let liveValue = "guest"
  static let testValue = "guest"
}

/// An async client in the struct-of-closures style.
struct ProfileClient: Sendable {
  var fetchName: @Sendable (Int) async throws -> String
}

extension ProfileClient: DependencyKey {
  static let liveValue = ProfileClient { "live user \($0)" }
  static let testValue = ProfileClient { "unconfigured user \($0)" }
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
  var profiles: ProfileClient {
    get { self[ProfileClient.self] }
    set { self[ProfileClient.self] = newValue }
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

/// A download API from before async/await: it works on its own queue and reports through a
/// completion handler, so the handler runs outside every task-local scope.
final class LegacyDownloader: Sendable {
  private let queue = DispatchQueue(label: "EscapedDependenciesTests.LegacyDownloader")

  func download(_ path: String, completion: @escaping @Sendable (String) -> Void) {
    queue.async { completion("contents of \(path)") }
  }
}

/// What `ReportLoader` hands back: the file it downloaded and the server it thinks it used.
struct Report: Equatable, Sendable {
  var contents: String
  var server: String
}

/// App code that reads a dependency inside a completion handler, escaping the values the way
/// the lesson teaches: it uses the learner's `withEscapedDependencies` and `yield`.
struct ReportLoader: Sendable {
  let downloader = LegacyDownloader()

  func load(_ path: String, completion: @escaping @Sendable (Report) -> Void) {
    EscapedDependencies.withEscapedDependencies { dependencies in
      downloader.download(path) { contents in
        dependencies.yield {
          completion(Report(contents: contents, server: currentServer()))
        }
      }
    }
  }
}

/// Runs `work` on a global dispatch queue, where no task-local is set, and waits for its result.
func onAnotherQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { done in
    DispatchQueue.global().async { done.resume(returning: work()) }
  }
}
