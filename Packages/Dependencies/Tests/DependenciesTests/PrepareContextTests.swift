import Dependencies
import Foundation
import Testing

// `prepareDependencies { $0.context = … }` at an entry point: the context it sets is the context
// from then on. Each test gets fresh values (the trait), so one test's preparation never reaches
// another.
@Suite(.dependencies) struct PrepareContextTests {
  @Test func aPreparedLiveContextGivesLiveValues() {
    prepareDependencies { $0.context = .live }
    @Dependency(\.context) var context
    @Dependency(\.greeting) var greeting
    #expect(context == .live)
    #expect(greeting == "live")
    // A model made later, anywhere, sees it too.
    #expect(GreetingModel().greeting == "live")
  }

  @Test func aPreparedPreviewContextGivesPreviewValues() {
    prepareDependencies { $0.context = .preview }
    @Dependency(\.greeting) var greeting
    @Dependency(\.liveAndPreview) var liveAndPreview
    #expect(greeting == "preview")
    #expect(liveAndPreview == "preview")
  }

  @Test func valuesPreparedAfterTheContextBelongToIt() {
    prepareDependencies { $0.context = .live }
    prepareDependencies { $0.greeting = "prepared for live" }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "prepared for live")
  }

  @Test func oneCallMaySetTheContextAndThenValues() {
    prepareDependencies {
      $0.context = .live
      $0.numbers = NumberClient { "prepared \($0)" }
    }
    @Dependency(\.context) var context
    #expect(context == .live)
  }

  @Test func aScopeStillOverridesAPreparedContext() {
    prepareDependencies { $0.context = .live }
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(\.greeting) var greeting
      #expect(greeting == "test")
    }
  }

  @Test func preparingTheContextAfterAReadReportsAndKeepsIt() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
    withKnownIssue {
      prepareDependencies { $0.context = .live }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(#"tried to set the dependency context to "live""#)
          && $0.rawValue.contains(#"The context stays "test""#)
      }
    }
    @Dependency(\.context) var context
    #expect(context == .test)
    #expect(greeting == "test")
  }

  @Test func readingTheContextFixesItToo() {
    @Dependency(\.context) var context
    #expect(context == .test)
    withKnownIssue {
      prepareDependencies { $0.context = .preview }
    }
    #expect(context == .test)
  }

  @Test func preparingAValueFixesTheContextItWasPreparedIn() {
    prepareDependencies { $0.greeting = "prepared" }
    withKnownIssue {
      prepareDependencies { $0.context = .live }
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "prepared")
  }
}
