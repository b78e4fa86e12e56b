import Dependencies
import Foundation
import Testing

// Each test gets fresh values (the trait), so preparing one test's defaults never touches
// another's.
@Suite(.dependencies) struct PrepareDependenciesTests {
  @Test func preparedValuesBecomeTheDefaults() {
    prepareDependencies {
      $0.greeting = "prepared"
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "prepared")
    // A model created anywhere, later, sees it: it is the default, not a scoped override.
    #expect(GreetingModel().greeting == "prepared")
  }

  @Test func preparingAfterAReadReportsAndKeepsTheValue() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
    withKnownIssue {
      prepareDependencies { $0.greeting = "too late" }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("was already read or prepared")
          && $0.rawValue.contains("as early as possible")
      }
    }
    #expect(greeting == "test")
  }

  @Test func preparingTwiceReports() {
    prepareDependencies { $0.greeting = "first" }
    withKnownIssue {
      prepareDependencies { $0.greeting = "second" }
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "first")
  }

  @Test func oneCallMaySetTheSameDependencyTwice() {
    prepareDependencies {
      $0.greeting = "draft"
      $0.greeting = "final"
    }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "final")
  }

  @Test func readingADefaultInsidePrepareDoesNotReport() {
    prepareDependencies {
      $0.liveOnly = $0.liveOnly + " (prepared)"
    }
    @Dependency(\.liveOnly) var liveOnly
    #expect(liveOnly == "live only (prepared)")
  }

  @Test func previewsMayPrepareAgain() {
    withDependencies {
      $0 = .preview
    } operation: {
      prepareDependencies { $0.greeting = "first preview" }
      prepareDependencies { $0.greeting = "second preview" }
      @Dependency(\.greeting) var greeting
      #expect(greeting == "second preview")
    }
  }
}
