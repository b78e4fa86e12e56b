import Testing

@testable import LearnKit

@Suite struct TerminalKeysTests {
  /// What one read of the terminal's bytes posts.
  @Test func bytesBecomeEvents() {
    #expect(TerminalKeys.events(from: ArraySlice("hq".utf8)) == [.key("h"), .key("q")])
    #expect(TerminalKeys.events(from: [0x0A]) == [.runRequested])
    #expect(TerminalKeys.events(from: [0x0D]) == [.runRequested])
    #expect(TerminalKeys.events(from: [0x04]) == [.inputEnded])
    // An arrow key (ESC [ A) is skipped; so is a non-ASCII character (é).
    #expect(TerminalKeys.events(from: [0x6C, 0x1B, 0x5B, 0x41]) == [.key("l")])
    #expect(TerminalKeys.events(from: [0xC3, 0xA9, 0x6E]) == [.key("n")])
  }
}
