import Dependencies
import Foundation
import Testing

private final class TodoModel {
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(Greeting.self) var greeting
}

private actor Counter {
  @Dependency(\.greeting) var greeting
  func read() -> String { greeting }
}

@MainActor private final class MainActorModel {
  @Dependency(\.greeting) var greeting
}

@Suite(.dependencies) struct DependencyPropertyWrapperTests {
  @Test func readsByKeyPathSubPropertyAndKeyType() {
    withDependencies {
      $0.uuid = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 1_000)
      $0.greeting = "hi"
    } operation: {
      let model = TodoModel()
      #expect(model.uuid() == UUID(0))
      #expect(model.uuid() == UUID(1))
      #expect(model.now == Date(timeIntervalSince1970: 1_000))
      #expect(model.greeting == "hi")
    }
  }

  @Test func capturesTheValuesOfTheScopeItWasCreatedIn() {
    let model = withDependencies {
      $0.greeting = "captured"
    } operation: {
      GreetingModel()
    }
    // Read after the scope has ended: the model keeps its values.
    #expect(model.greeting == "captured")
  }

  @Test func valuesOverriddenWhereItIsReadWin() {
    let model = withDependencies {
      $0.greeting = "captured"
    } operation: {
      GreetingModel()
    }
    withDependencies {
      $0.greeting = "current"
    } operation: {
      #expect(model.greeting == "current")
    }
    #expect(model.greeting == "captured")
  }

  @Test func capturedValuesThatTheReaderDoesNotOverrideRemain() {
    let model = withDependencies {
      $0.uuid = .constant(UUID(5))
    } operation: {
      TodoModel()
    }
    withDependencies {
      $0.greeting = "unrelated"
    } operation: {
      #expect(model.uuid() == UUID(5))
      #expect(model.greeting == "unrelated")
    }
  }

  @Test func worksInActorsMainActorTypesAndLocalScopes() async {
    await withDependencies {
      $0.greeting = "everywhere"
    } operation: {
      let counter = Counter()
      #expect(await counter.read() == "everywhere")
      let onMain = await MainActor.run { MainActorModel().greeting }
      #expect(onMain == "everywhere")
      @Dependency(\.greeting) var local
      #expect(local == "everywhere")
    }
  }

  @Test func isSendable() async {
    let dependency = withDependencies {
      $0.greeting = "sent"
    } operation: {
      Dependency(\.greeting)
    }
    let read = await Task.detached { dependency.wrappedValue }.value
    #expect(read == "sent")
  }
}
