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
    let story = """
      Created inside two nested scopes (the outer one set `server` to \
      "https://staging.example.com", the inner one `date` to launch) and read after both \
      ended, a value read `server` "\(server)" and `now` \(describe(now))
      """
    #expect(
      server == "https://staging.example.com",
      """
      \(story). It should keep the outer scope's `server`: a @Dependency keeps the values \
      current where it was created, which include everything the outer scopes set (Step 1).
      """)
    #expect(
      now == launch,
      """
      \(story). It should keep the inner scope's `date` too: a @Dependency keeps the values \
      current where it was created, whole (Step 1).
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
    let story = """
      Created with `server` "https://staging.example.com" and `date` at launch, read inside a \
      scope that set only `server`, to "https://api.example.com", a value read `server` \
      "\(server)" and `now` \(describe(now))
      """
    let serverCause =
      server == "https://staging.example.com"
      ? """
      The captured value beat the reading scope's: what the reading scope sets wins, so mind \
      the direction of `merging` (Step 3).
      """
      : """
      Neither the reading scope's value nor the captured one was read: keep the values of \
      the scope the value was created in (Step 1), and lay the reading scope's on top \
      (Step 3).
      """
    #expect(
      server == "https://api.example.com",
      """
      \(story). \(serverCause)
      """)
    #expect(
      now == launch,
      """
      \(story). It should read the captured launch: the merge goes key by key, the reading \
      scope winning only for what it set, and every other key keeps its captured value \
      (Steps 1 and 3).
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
    let story = """
      A value created with `server` "https://staging.example.com" and `date` at launch, read \
      inside a scope that explicitly set `server` back to its default \
      "\(ServerKey.testValue)", read `server` "\(server)" and `now` \(describe(now))
      """
    #expect(
      server == ServerKey.testValue,
      """
      \(story). It should read the default `server`: whatever the reading scope set \
      explicitly wins, whatever its value (Step 3).
      """)
    #expect(
      now == launch,
      """
      \(story). It should read the captured launch: a @Dependency keeps the values of the \
      scope it was created in (Step 1), and the reading scope wins only for what it set \
      (Step 3).
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
    let story = """
      Read in a scope with server one, then in a scope with server two, then outside both, a \
      value created with "https://staging.example.com" read \(reads + [afterwards]) instead \
      of ["https://one.example.com", "https://two.example.com", \
      "https://staging.example.com"]
      """
    #expect(
      reads[0] == "https://one.example.com",
      """
      \(story): the first read missed its scope's `server`. What the reading scope sets wins \
      over the captured values (Step 3).
      """)
    #expect(
      reads[1] == "https://two.example.com",
      """
      \(story): the second read missed its scope's `server`. Nothing may be remembered from \
      one read to the next: each read merges the scope it happens in (Step 3).
      """)
    let afterwardsCause =
      afterwards == "https://two.example.com"
      ? "Nothing may be remembered from one read to the next (Step 3)."
      : """
      Outside every scope, it reads the values captured where it was created (Step 1), with \
      nothing of the earlier reads (Step 3).
      """
    #expect(
      afterwards == "https://staging.example.com",
      """
      \(story): the read outside both scopes missed the captured `server`. \(afterwardsCause)
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
    let afterwardsByKeyPath = syncer.apiByKeyPath.baseURL
    let (elsewhere, elsewhereByKeyPath) = withDependencies {
      $0.server = "https://api.example.com"
    } operation: {
      (syncer.api.baseURL, syncer.apiByKeyPath.baseURL)
    }
    let story = """
      `@Dependency(TodosAPI.self)`, created where `server` was "https://staging.example.com", \
      read a client for "\(afterwards)" after that scope ended and one for "\(elsewhere)" \
      inside a scope that set `server` to "https://api.example.com"
      """
    let afterwardsCause =
      afterwardsByKeyPath == "https://staging.example.com"
      ? """
      `@Dependency(\\.todosAPI)` read "https://staging.example.com" there: build the key \
      type form on the key path initializer, so that both read alike (Step 4).
      """
      : """
      `@Dependency(\\.todosAPI)` read "\(afterwardsByKeyPath)" there too: the key's \
      default is built from `server`, so the captured values must be current while it is \
      read (Steps 1 and 2).
      """
    #expect(
      afterwards == "https://staging.example.com",
      """
      \(story); after the scope it should read "https://staging.example.com". \
      \(afterwardsCause)
      """)
    let elsewhereCause =
      if elsewhereByKeyPath != "https://api.example.com" {
        """
        `@Dependency(\\.todosAPI)` read "\(elsewhereByKeyPath)" there too: the reading \
        scope's `server` wins, also for a default built from it, so the merged values must be \
        current while reading (Steps 2 and 3).
        """
      } else if afterwardsByKeyPath != "https://staging.example.com" {
        """
        `@Dependency(\\.todosAPI)` read "https://api.example.com" there, but \
        "\(afterwardsByKeyPath)" after the creating scope ended: the key path form must work \
        first (Steps 1 to 3), then the key type form is built on it (Step 4).
        """
      } else {
        """
        `@Dependency(\\.todosAPI)` read "https://api.example.com" there. The key's default is \
        built from `server`, so compute it at each read while the merged values are current, \
        as the key path form does: build the key type form on the key path initializer \
        (Step 4).
        """
      }
    #expect(
      elsewhere == "https://api.example.com",
      """
      \(story); inside that scope it should read "https://api.example.com". \
      \(elsewhereCause)
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
      \(describe(Date(timeIntervalSince1970: seconds))). A @Dependency keeps the values of the \
      scope it was created in, and applies its whole key path, however long, to them \
      (Step 1).
      """)
  }
}
