import ConcurrencyExtras
import Testing

@Suite struct UncheckedSendableTests {
  final class Counter {
    var value = 0
  }

  @Test func wrapsAndUnwraps() {
    var box = UncheckedSendable(Counter())
    box.value.value = 2
    #expect(box.value.value == 2)
    box.value = Counter()
    #expect(box.value.value == 0)
  }

  @Test func dynamicMembersReadAndWrite() {
    var point = UncheckedSendable((x: 1, y: 2))
    #expect(point.x == 1)
    point.y = 5
    #expect(point.value.y == 5)
  }

  @Test func worksAsAPropertyWrapper() {
    struct Model {
      @UncheckedSendable var counter = Counter()
    }
    let model = Model()
    model.counter.value = 3
    let sendable = model.$counter
    #expect(sendable.wrappedValue.value == 3)
  }

  @Test func carriesANonSendableValueIntoATask() async {
    let box = UncheckedSendable(Counter())
    box.value.value = 7
    let read = await Task { box.value.value }.value
    #expect(read == 7)
  }

  @Test func equatableWhenValueIs() {
    #expect(UncheckedSendable(1) == UncheckedSendable(1))
    #expect(UncheckedSendable(1) != UncheckedSendable(2))
  }
}
