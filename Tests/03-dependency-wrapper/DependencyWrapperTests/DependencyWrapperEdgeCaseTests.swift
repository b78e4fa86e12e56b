import DependencyWrapper
import Foundation
import Generators
import Testing

// Edge cases graded on top of the lesson's tests.

/// A value type that reads the time, to carry across tasks.
struct Stamp: Sendable {
  @DependencyWrapper.Dependency(\.date.now) var now
  @DependencyWrapper.Dependency(\.server) var server
}

/// A helper function that reads a dependency where it is called, as app code often does.
func currentServer() -> String {
  @DependencyWrapper.Dependency(\.server) var server
  return server
}

@Suite struct WrapperEdgeCaseTests {
  @Test func nestedScopesAreCapturedTogether() {
    let stamp = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      withDependencies {
        $0.date = .constant(launch)
      } operation: {
        Stamp()
      }
    }
    let (server, now) = (stamp.server, stamp.now)
    #expect(
      server == "https://staging.example.com" && now == launch,
      """
      Created inside two nested scopes (the outer one set `server`, the inner one `date`) and \
      read after both ended, a value read `server` "\(server)" and `now` \(describe(now)). It \
      should keep both: the values current where it was created include everything the outer \
      scopes set (Step 1).
      """)
  }

  @Test func eachKeyIsMergedOnItsOwn() {
    let stamp = withDependencies {
      $0.server = "https://staging.example.com"
      $0.date = .constant(launch)
    } operation: {
      Stamp()
    }
    let (server, now) = withDependencies {
      $0.server = "https://api.example.com"
    } operation: {
      (stamp.server, stamp.now)
    }
    #expect(
      server == "https://api.example.com" && now == launch,
      """
      Created with `server` and `date` set, read inside a scope that set only `server`, a value \
      read `server` "\(server)" and `now` \(describe(now)). It should read the reading scope's \
      "https://api.example.com" and the captured launch: the merge goes key by key, the \
      reading scope winning only for what it set (Step 3).
      """)
  }

  @Test func capturedValuesTravelIntoADetachedTask() async {
    let stamp = withDependencies {
      $0.date = .constant(launch)
    } operation: {
      Stamp()
    }
    // A detached task inherits no task-local values: only what the wrapper captured remains.
    let now = await Task.detached { stamp.now }.value
    #expect(
      now == launch,
      """
      A value created where `date` was launch, read in a detached task, read \(describe(now)). \
      The captured values belong to the wrapper, wherever it is read: keep them in a stored \
      property (Step 1).
      """)
  }

  @Test func anOverrideWinsEvenWhenItEqualsTheDefault() {
    let stamp = withDependencies {
      $0.server = "https://staging.example.com"
      $0.date = .constant(launch)
    } operation: {
      Stamp()
    }
    let (server, now) = withDependencies {
      $0.server = ServerKey.testValue
    } operation: {
      (stamp.server, stamp.now)
    }
    #expect(
      server == ServerKey.testValue && now == launch,
      """
      A value created with `server` "https://staging.example.com" and `date` at launch, read \
      inside a scope that explicitly set `server` back to its default \
      "\(ServerKey.testValue)", read `server` "\(server)" and `now` \(describe(now)). It \
      should read the default `server` (whatever the reading scope set explicitly wins, \
      whatever its value) and the captured launch (Steps 1 and 3).
      """)
  }

  @Test func everyReadSeesTheScopeItHappensIn() {
    let stamp = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      Stamp()
    }
    let reads = ["https://one.example.com", "https://two.example.com"].map { server in
      withDependencies {
        $0.server = server
      } operation: {
        stamp.server
      }
    }
    let afterwards = stamp.server
    #expect(
      reads == ["https://one.example.com", "https://two.example.com"]
        && afterwards == "https://staging.example.com",
      """
      Read in a scope with server one, then in a scope with server two, then outside both, a \
      value created with "https://staging.example.com" read \(reads + [afterwards]). Nothing \
      may be remembered from one read to the next: each read merges the scope it happens in \
      (Step 3).
      """)
  }

  @Test func aWrapperInsideAFunctionReadsTheCallersScope() {
    let server = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      currentServer()
    }
    #expect(
      server == "https://staging.example.com",
      """
      A @Dependency declared inside a function called from a scope that set `server` to \
      "https://staging.example.com" read "\(server)". Created and read in that scope, it \
      must see it (Steps 1 and 3).
      """)
  }

  @Test func theKeyTypeFormBuildsDefaultsFromCapturedValues() {
    let syncer = withDependencies {
      $0.server = "https://staging.example.com"
    } operation: {
      TodosSyncer()
    }
    let afterwards = syncer.api.baseURL
    let elsewhere = withDependencies {
      $0.server = "https://api.example.com"
    } operation: {
      syncer.api.baseURL
    }
    #expect(
      afterwards == "https://staging.example.com" && elsewhere == "https://api.example.com",
      """
      `@Dependency(TodosAPI.self)`, created where `server` was "https://staging.example.com", \
      read a client for "\(afterwards)" after that scope ended and one for "\(elsewhere)" \
      inside a scope that set `server` to "https://api.example.com". The key's default is \
      built from `server`: compute it at each read, while the merged values are current, \
      exactly as the key path form does (Steps 2, 3 and 4).
      """)
  }

  @Test func keyPathsReachAnyDepth() {
    struct Timestamp {
      @DependencyWrapper.Dependency(\.date.now.timeIntervalSince1970) var seconds
    }
    let timestamp = withDependencies {
      $0.date = .constant(launch)
    } operation: {
      Timestamp()
    }
    let seconds = timestamp.seconds
    #expect(
      seconds == launch.timeIntervalSince1970,
      """
      `@Dependency(\\.date.now.timeIntervalSince1970)`, created where `date` was launch, read \
      \(describe(Date(timeIntervalSince1970: seconds))). Apply the whole key path, however \
      long, to the captured values (Step 1).
      """)
  }
}
