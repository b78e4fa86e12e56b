import Dependencies
import Foundation
import Testing

@Suite struct DependencyKeyTests {
  @Test(arguments: [
    (DependencyContext.live, "live", "live only", "live", "test only"),
    (.preview, "preview", "live only", "preview", "test only"),
    (.test, "test", "live only", "preview", "test only"),
  ])
  func valuesCascadeInEveryContext(
    context: DependencyContext, full: String, liveOnly: String, liveAndPreview: String,
    testOnly: String
  ) {
    withDependencies {
      $0 = DependencyValues()
      $0.context = context
    } operation: {
      @Dependency(\.greeting) var greeting
      #expect(greeting == full)
      // A test falling back to a live or preview value, or a live context falling back to a
      // test value, reports an issue; the messages are checked below.
      withKnownIssue(isIntermittent: true) {
        @Dependency(\.liveAndPreview) var livePreview
        #expect(livePreview == liveAndPreview)
        @Dependency(\.liveOnly) var live
        @Dependency(\.testOnly) var test
        #expect(live == liveOnly)
        #expect(test == testOnly)
      }
    }
  }

  @Test func aTestReadingALiveOnlyDependencyFailsWithAHelpfulMessage() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      let declarationLine = #line + 1
      @Dependency(\.liveOnly) var liveOnly
      withKnownIssue {
        #expect(liveOnly == "live only")
      } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined()
        return message.contains("@Dependency(\\.liveOnly) has no test value")
          && message.contains("test context")
          && message.contains("DependenciesTests/DependencyKeyTests.swift:\(declarationLine)")
          && message.contains("Key:\n    LiveOnlyKey\n  Value:\n    String")
          && message.contains("override '\\.liveOnly'")
          && message.contains("implement 'testValue'")
      }
    }
  }

  @Test func theMessageSaysThePreviewValueWasUsedNotTheLiveOne() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.liveAndPreview) var liveAndPreview
      withKnownIssue {
        #expect(liveAndPreview == "preview")
      } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined()
        return message.contains("so its preview value was used instead")
          && !message.contains("so its live value was used")
      }
    }
  }

  @Test func aDependencyReadByKeyTypeIsNamedByItsType() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(LiveOnlyKey.self) var liveOnly
      withKnownIssue {
        _ = liveOnly
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("@Dependency(LiveOnlyKey.self)") }
      }
    }
  }

  @Test func overridingWithTheLiveValueSilencesTheIssue() {
    withDependencies {
      $0 = DependencyValues()
      $0.liveOnly = LiveOnlyKey.liveValue
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly == "live only")
    }
  }

  @Test func readingInsideTheUpdateClosureDoesNotReport() {
    withDependencies {
      $0 = DependencyValues()
      // Reading the default in order to change it is not a use of the live value.
      $0.liveOnly = $0.liveOnly.uppercased()
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly == "LIVE ONLY")
    }
  }

  @Test func aLiveContextReadingATestOnlyDependencyReportsEveryTime() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(\.testOnly) var testOnly
      withKnownIssue {
        #expect(testOnly == "test only")
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue.contains("@Dependency(\\.testOnly) has no live value")
            && $0.rawValue.contains("conform 'TestOnlyKey' to 'DependencyKey'")
        }
      }
      withKnownIssue {
        _ = testOnly
      }
    }
  }

  @Test func defaultValuesAreCreatedPerValuesAndContext() {
    let fresh = DependencyValues()
    #expect(fresh.context == .test)
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.test.context == .test)
    #expect(DependencyValues.live[Greeting.self] == "live")
    #expect(DependencyValues.preview[Greeting.self] == "preview")
    #expect(DependencyValues.test[Greeting.self] == "test")
  }
}
