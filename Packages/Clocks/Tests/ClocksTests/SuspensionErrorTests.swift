import Clocks
import Testing

@Suite struct SuspensionErrorTests {
  @Test func saysHowManySleepsArePending() {
    #expect(SuspensionError(pendingSleeperCount: 1).description.hasPrefix("1 sleep is still"))
    #expect(SuspensionError(pendingSleeperCount: 3).description.hasPrefix("3 sleeps are still"))
  }

  @Test func comparesByCount() {
    #expect(SuspensionError(pendingSleeperCount: 2) == SuspensionError(pendingSleeperCount: 2))
    #expect(SuspensionError(pendingSleeperCount: 2) != SuspensionError(pendingSleeperCount: 1))
  }
}
