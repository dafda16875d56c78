import Browser
import Terminal
import Testing

/// The key table of issue 3, section 4, as `get_wch` delivers it.
struct KeyDecoderTests {
    let decoder = KeyDecoder()

    static let table: [(RawInput, Key)] = [
        (.keyCode(KeyCode.up), .up), (.keyCode(KeyCode.down), .down),
        (.character(UInt32(UInt8(ascii: "k"))), .character("k")), (.character(UInt32(UInt8(ascii: "j"))), .character("j")),
        (.keyCode(KeyCode.pageUp), .pageUp), (.keyCode(KeyCode.pageDown), .pageDown),
        (.keyCode(KeyCode.home), .home), (.keyCode(KeyCode.end), .end),
        (.character(UInt32(UInt8(ascii: "g"))), .character("g")), (.character(UInt32(UInt8(ascii: "G"))), .character("G")),
        (.character(10), .control("j")), (.character(13), .enter), (.keyCode(KeyCode.enter), .enter),
        (.keyCode(KeyCode.right), .right), (.character(UInt32(UInt8(ascii: "l"))), .character("l")),
        (.keyCode(KeyCode.left), .left), (.character(UInt32(UInt8(ascii: "h"))), .character("h")),
        (.character(127), .backspace), (.character(8), .backspace), (.keyCode(KeyCode.backspace), .backspace),
        (.character(27), .escape),
        (.character(UInt32(UInt8(ascii: "n"))), .character("n")), (.character(UInt32(UInt8(ascii: "r"))), .character("r")),
        (.character(UInt32(UInt8(ascii: "s"))), .character("s")), (.character(UInt32(UInt8(ascii: "t"))), .character("t")),
        (.character(UInt32(UInt8(ascii: "/"))), .character("/")), (.character(UInt32(UInt8(ascii: "o"))), .character("o")),
        (.character(UInt32(UInt8(ascii: "?"))), .character("?")), (.character(UInt32(UInt8(ascii: "q"))), .character("q")),
        (.character(9), .tab), (.keyCode(KeyCode.delete), .delete),
    ]

    @Test func everyKeyOfTheTable() {
        for (input, key) in Self.table {
            #expect(decoder.decode(input) == key, "\(input)")
        }
    }

    @Test func keyCodesAreNcursesNumbers() {
        // curses.h: KEY_DOWN 0402, KEY_UP 0403, KEY_NPAGE 0522, KEY_PPAGE 0523, KEY_ENTER 0527, KEY_RESIZE 0632.
        #expect(KeyCode.down == 0o402)
        #expect(KeyCode.up == 0o403)
        #expect(KeyCode.pageDown == 0o522)
        #expect(KeyCode.pageUp == 0o523)
        #expect(KeyCode.enter == 0o527)
        #expect(KeyCode.resize == 0o632)
    }

    @Test func resizeUnknownCodesAndControlCharactersAreNoKeys() {
        #expect(decoder.decode(.keyCode(KeyCode.resize)) == nil)
        #expect(decoder.decode(.keyCode(0o777)) == nil)
        #expect(decoder.decode(.keyCode(KeyCode.backTab)) == nil)
        #expect(decoder.decode(.character(0x9B)) == nil)
        #expect(decoder.decode(.character(0xD800)) == nil)
    }

    @Test func wideCharactersArriveWhole() {
        #expect(decoder.decode(.character(0x6F22)) == .character("漢"))
        #expect(decoder.decode(.character(0x1F600)) == .character("😀"))
    }

    @Test func aBatchKeepsOrderAndDropsNonKeys() {
        let keys = decoder.decode([.keyCode(KeyCode.down), .keyCode(KeyCode.resize), .character(106), .character(27)])
        #expect(keys == [.down, .character("j"), .escape])
    }

    @Test func anUnrecognisedEscapeSequenceIsDroppedWhole() {
        // ESC [ 1 ; 5 A (Ctrl-Up on xterm) when the terminfo entry does not know it, then `j`.
        let csi: [RawInput] = [27, 91, 49, 59, 53, 65, 106].map { .character($0) }
        #expect(decoder.decode(csi) == [.character("j")])
        // ESC O P (F1 in SS3 form), then Down.
        #expect(decoder.decode([.character(27), .character(79), .character(80), .keyCode(KeyCode.down)]) == [.down])
    }

    @Test func cursorKeysInEitherKeypadModeAreTheCursorKeys() {
        // A program run in the foreground can leave the keypad in cursor mode: Down arrives as ESC [ B, not ESC O B.
        let normal: [RawInput] = [27, 91, 66, 27, 91, 65, 27, 91, 67, 27, 91, 68, 27, 91, 72, 27, 91, 70].map { .character($0) }
        #expect(decoder.decode(normal) == [.down, .up, .right, .left, .home, .end])
        let application: [RawInput] = [27, 79, 66, 27, 79, 65].map { .character($0) }
        #expect(decoder.decode(application) == [.down, .up])
    }

    @Test func escFollowedAtOnceByAPrintableCharacterIsAlt() {
        #expect(decoder.decode([.character(27), .character(113)]) == [.alt("q")])
        #expect(decoder.decode([.character(27), .character(13)]) == [.alt("\r")], "Alt-Enter")
        #expect(decoder.decode([.character(27), .character(27)]) == [.escape, .escape])
        #expect(decoder.decode([.character(27)]) == [.escape])
        #expect(decoder.decode([.character(27), .character(9)]) == [.escape, .tab], "Esc then a control key stays two keys")
    }

    @Test func controlCharactersAreCtrlChords() {
        #expect(decoder.decode(.character(6)) == .control("f"))
        #expect(decoder.decode(.character(3)) == .control("c"))
        #expect(decoder.decode(.character(0)) == .control("@"))
        #expect(decoder.decode(.character(31)) == .control("_"))
        #expect(decoder.decode(.character(9)) == .tab, "Tab, Enter and Backspace keep their names")
        #expect(decoder.decode(.character(13)) == .enter)
        #expect(decoder.decode(.character(8)) == .backspace)
    }

    @Test func functionKeysAreF1ToF12() {
        #expect(decoder.decode(.keyCode(KeyCode.functionBase + 1)) == .function(1))
        #expect(decoder.decode(.keyCode(KeyCode.functionBase + 12)) == .function(12))
        #expect(decoder.decode(.keyCode(KeyCode.functionBase + 13)) == nil)
        #expect(KeyCode.functionBase == 0o410, "KEY_F0 as curses.h defines it")
    }
}
