import Dependencies
import Foundation
import Testing

private final class ParentModel {
  @Dependency(\.greeting) var greeting
  @Dependency(\.uuid) var uuid

  func makeChild() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

private final class ChildModel {
  @Dependency(\.greeting) var greeting
  @Dependency(\.uuid) var uuid

  func makeGrandchild(greeting: String) -> GrandchildModel {
    withDependencies(from: self) {
      $0.greeting = greeting
    } operation: {
      GrandchildModel()
    }
  }
}

private final class GrandchildModel {
  @Dependency(\.greeting) var greeting
  @Dependency(\.uuid) var uuid
}

/// A class with no `@Dependency` of its own.
private final class PlainObject {}

@Suite(.dependencies) struct ModelLifetimeTests {
  @Test func dependenciesFlowThroughThreeGenerations() {
    let parent = withDependencies {
      $0.greeting = "family"
      $0.uuid = .incrementing
    } operation: {
      ParentModel()
    }
    let child = parent.makeChild()
    let grandchild = child.makeGrandchild(greeting: "grandchild")
    #expect(child.greeting == "family")
    #expect(grandchild.greeting == "grandchild")
    // One generator, shared by the whole family.
    #expect(parent.uuid() == UUID(0))
    #expect(child.uuid() == UUID(1))
    #expect(grandchild.uuid() == UUID(2))
  }

  @Test func childrenMadeOutsideTheParentsScopeStillInherit() async {
    let parent = withDependencies {
      $0.greeting = "parent"
    } operation: {
      ParentModel()
    }
    let box = UncheckedSendable(parent)
    let greeting = await Task { box.value.makeChild().greeting }.value
    #expect(greeting == "parent")
  }

  @Test func laterOverridesAreSeenByExistingModels() {
    let parent = withDependencies {
      $0.greeting = "early"
    } operation: {
      ParentModel()
    }
    let child = parent.makeChild()
    withDependencies {
      $0.greeting = "late"
    } operation: {
      #expect(parent.greeting == "late")
      #expect(child.greeting == "late")
    }
    #expect(child.greeting == "early")
  }

  @Test func anObjectReturnedFromWithDependenciesRemembersItsValues() {
    let plain = withDependencies {
      $0.greeting = "remembered"
    } operation: {
      PlainObject()
    }
    let child = withDependencies(from: plain) { ChildModel() }
    #expect(child.greeting == "remembered")
  }

  @Test func asyncFormInherits() async {
    let parent = withDependencies {
      $0.greeting = "async parent"
    } operation: {
      ParentModel()
    }
    let child = await withDependencies(from: parent) {
      await Task.yield()
      $0.uuid = .constant(UUID(9))
    } operation: {
      ChildModel()
    }
    #expect(child.greeting == "async parent")
    #expect(child.uuid() == UUID(9))
  }

  @Test func aModelWithNoDependenciesReportsHowToFixIt() {
    let plain = PlainObject()
    withKnownIssue {
      let child = withDependencies(from: plain) { ChildModel() }
      #expect(child.greeting == "test")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("'PlainObject' that carries no dependencies")
          && $0.rawValue.contains("at least one @Dependency property")
      }
    }
  }
}
