@testable import Browser
import Testing

/// Keys held with Ctrl, Alt or Shift (issue 16): one spelling each, config names that read back, help labels.
struct ModifiedKeyTests {
    @Test func configNamesReadBack() {
        let cases: [(String, Key)] = [
            ("ctrl-down", .modified(.down, .control)), ("shift-tab", .modified(.tab, .shift)),
            ("ctrl-shift-up", .modified(.up, [.control, .shift])), ("alt-enter", .modified(.enter, .alt)),
            ("shift-f1", .modified(.function(1), .shift)), ("ctrl-pgdn", .modified(.pageDown, .control)),
            ("ctrl-f", .control("f")), ("alt-x", .alt("x")), ("down", .down),
        ]
        for (name, key) in cases {
            #expect(Key(configName: name) == key, "\(name)")
            #expect(key.configName == name, "\(key)")
        }
        #expect(Key(configName: "SHIFT-Ctrl-Up") == .modified(.up, [.control, .shift]), "any order and case")
        #expect(Key(configName: "ctrl-") == nil)
        #expect(Key(configName: "shift-nosuchkey") == nil)
    }

    @Test func oneKeyHasOneSpelling() {
        #expect(Key.with([], .down) == .down)
        #expect(Key.with(.control, .character("A")) == .control("a"))
        #expect(Key.with(.alt, .character("x")) == .alt("x"))
        #expect(Key.with(.shift, .character("X")) == .character("X"), "Shift is in the character already")
        #expect(Key.with(.shift, .modified(.up, .control)) == .modified(.up, [.control, .shift]))
    }

    @Test func helpLabels() {
        #expect(Key.modified(.down, .control).helpLabel == "Ctrl-Down")
        #expect(Key.modified(.tab, .shift).helpLabel == "Shift-Tab")
        #expect(KeyModifiers(xtermParameter: 5) == .control)
        #expect(KeyModifiers(xtermParameter: 8) == [.control, .alt, .shift])
        #expect(KeyModifiers(xtermParameter: 9) == .alt, "Meta counts as Alt")
    }
}
