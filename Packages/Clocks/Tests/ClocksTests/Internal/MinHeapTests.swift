import Testing

@testable import Clocks

@Suite struct MinHeapTests {
  @Test func popsInAscendingOrder() {
    var heap = MinHeap<Int>()
    for value in [5, 3, 9, 1, 7, 3, 8, 2] { heap.insert(value) }
    var popped: [Int] = []
    while let value = heap.popMin() { popped.append(value) }
    #expect(popped == [1, 2, 3, 3, 5, 7, 8, 9])
    #expect(heap.count == 0)
  }

  @Test func filterKeepsHeapOrder() {
    var heap = MinHeap<Int>()
    for value in (0..<50).reversed() { heap.insert(value) }
    heap.filter { $0.isMultiple(of: 3) }
    var popped: [Int] = []
    while let value = heap.popMin() { popped.append(value) }
    #expect(popped == Array(stride(from: 0, to: 50, by: 3)))
  }

  @Test func removeAllEmptiesTheHeap() {
    var heap = MinHeap<Int>()
    for value in [4, 2, 6] { heap.insert(value) }
    #expect(heap.removeAll().sorted() == [2, 4, 6])
    #expect(heap.min == nil)
  }
}
