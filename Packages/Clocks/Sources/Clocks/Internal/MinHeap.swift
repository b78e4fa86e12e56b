/// A binary heap that hands out its smallest element first.
///
/// `TestClock` keeps its sleepers in one, ordered by deadline and then by the order they started
/// sleeping, so finding and removing the next sleeper costs O(log n) however many are waiting.
struct MinHeap<Element: Comparable> {
  private var elements: [Element] = []

  /// How many elements the heap holds.
  var count: Int { elements.count }

  /// The smallest element, without removing it.
  var min: Element? { elements.first }

  /// Adds `element`.
  mutating func insert(_ element: Element) {
    elements.append(element)
    siftUp(from: elements.count - 1)
  }

  /// Removes and returns the smallest element.
  @discardableResult
  mutating func popMin() -> Element? {
    guard !elements.isEmpty else { return nil }
    elements.swapAt(0, elements.count - 1)
    let smallest = elements.removeLast()
    if !elements.isEmpty { siftDown(from: 0) }
    return smallest
  }

  /// Keeps only the elements for which `isIncluded` returns true, then restores heap order.
  /// Returns the elements it removed.
  @discardableResult
  mutating func filter(_ isIncluded: (Element) -> Bool) -> [Element] {
    var removed: [Element] = []
    elements.removeAll { element in
      guard !isIncluded(element) else { return false }
      removed.append(element)
      return true
    }
    restoreOrder()
    return removed
  }

  private mutating func restoreOrder() {
    var index = elements.count / 2
    while index > 0 {
      index -= 1
      siftDown(from: index)
    }
  }

  /// Removes every element and returns them in no particular order.
  mutating func removeAll() -> [Element] {
    defer { elements = [] }
    return elements
  }

  private mutating func siftUp(from start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard elements[child] < elements[parent] else { return }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < elements.count else { return }
      let right = left + 1
      var smallest = left
      if right < elements.count, elements[right] < elements[left] { smallest = right }
      guard elements[smallest] < elements[parent] else { return }
      elements.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
