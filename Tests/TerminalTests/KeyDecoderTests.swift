import Browser
import Terminal
import Testing

/// The key table of issue 3, section 4, as `get_wch` delivers it, and the terminals' sequences of issue 16.
struct KeyDecoderTests {
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
        (.character(UInt32(UInt8(ascii: "n"))), .character("n")), (.character(UInt32(UInt8(ascii: "r"))), .character("r")),
        (.character(UInt32(UInt8(ascii: "s"))), .character("s")), (.character(UInt32(UInt8(ascii: "t"))), .character("t")),
        (.character(UInt32(UInt8(ascii: "/"))), .character("/")), (.character(UInt32(UInt8(ascii: "o"))), .character("o")),
        (.character(UInt32(UInt8(ascii: "?"))), .character("?")), (.character(UInt32(UInt8(ascii: "q"))), .character("q")),
        (.character(9), .tab), (.keyCode(KeyCode.delete), .delete),
    ]

    /// The characters of `text` as `get_wch` returns them.
    static func inputs(_ text: String) -> [RawInput] { text.unicodeScalars.map { .character($0.value) } }

    /// Decodes `text` in one read, then flushes what waits (as the Esc delay would).
    static func decodeAll(_ text: String, table: KeySequenceTable = .standard) -> [TerminalInput] {
        var decoder = KeyDecoder(table: table)
        return decoder.decode(inputs(text)) + decoder.flush()
    }

    @Test func everyKeyOfTheTable() {
        for (input, key) in Self.table {
            #expect(KeyDecoder.key(for: input) == key, "\(input)")
        }
        var decoder = KeyDecoder()
        #expect(decoder.decode([.character(27)]).isEmpty, "a lone Esc waits for the delay")
        #expect(decoder.pendingTimeout == KeyDecoder.escapeDelay)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.pendingTimeout == nil)
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
        #expect(KeyDecoder.key(for: .keyCode(KeyCode.resize)) == nil)
        #expect(KeyDecoder.key(for: .keyCode(0o777)) == nil)
        #expect(KeyDecoder.key(for: .keyCode(KeyCode.backTab)) == .modified(.tab, .shift))
        #expect(KeyDecoder.key(for: .character(0x9B)) == nil)
        #expect(KeyDecoder.key(for: .character(0xD800)) == nil)
    }

    @Test func wideCharactersArriveWhole() {
        #expect(KeyDecoder.key(for: .character(0x6F22)) == .character("漢"))
        #expect(KeyDecoder.key(for: .character(0x1F600)) == .character("😀"))
    }

    @Test func aBatchKeepsOrderAndDropsNonKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.decode([.keyCode(KeyCode.down), .keyCode(KeyCode.resize), .character(106)]) + decoder.flush()
        #expect(keys == [.key(.down), .key(.character("j"))])
    }

    /// Every sequence of the table, alone, then split at every byte boundary across two reads.
    @Test func everySequenceOfTheTableDecodesWholeAndSplitAtEveryBoundary() {
        let table = KeySequenceTable.standard
        #expect(table.keys.count > 200, "the families are all there: \(table.keys.count)")
        for (body, key) in table.keys {
            let sequence = Array(Self.inputs("\u{1B}" + body + "j"))
            for split in 0...sequence.count {
                var decoder = KeyDecoder()
                let decoded = decoder.decode(Array(sequence[..<split])) + decoder.decode(Array(sequence[split...]))
                    + decoder.flush()
                #expect(decoded == [.key(key), .key(.character("j"))], "ESC \(body) split at \(split)")
            }
        }
    }

    @Test func theTerminalsKeysAreKnown() {
        let cases: [(String, Key)] = [
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
            ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)), ("\u{1B}[14~", .function(4)),
            ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
            ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
            ("\u{1B}[1;5A", .modified(.up, .control)), ("\u{1B}[1;5B", .modified(.down, .control)),
            ("\u{1B}[5;5~", .modified(.pageUp, .control)), ("\u{1B}[1;2P", .modified(.function(1), .shift)),
            ("\u{1B}[1;3C", .modified(.right, .alt)), ("\u{1B}[1;6D", .modified(.left, [.control, .shift])),
            ("\u{1B}Ob", .modified(.down, .control)), ("\u{1B}[a", .modified(.up, .shift)),
            ("\u{1B}[5^", .modified(.pageUp, .control)), ("\u{1B}[6$", .modified(.pageDown, .shift)),
            ("\u{1B}[Z", .modified(.tab, .shift)), ("\u{1B}O5B", .modified(.down, .control)),
        ]
        for (sequence, key) in cases {
            #expect(Self.decodeAll(sequence) == [.key(key)], "\(sequence.debugDescription)")
        }
    }

    @Test func theCSIuFormCarriesModifiers() {
        #expect(Self.decodeAll("\u{1B}[13;5u") == [.key(.modified(.enter, .control))])
        #expect(Self.decodeAll("\u{1B}[13;3u") == [.key(.modified(.enter, .alt))])
        #expect(Self.decodeAll("\u{1B}[27u") == [.key(.escape)])
        #expect(Self.decodeAll("\u{1B}[27;2u") == [.key(.modified(.escape, .shift))])
        #expect(Self.decodeAll("\u{1B}[9;2u") == [.key(.modified(.tab, .shift))])
        #expect(Self.decodeAll("\u{1B}[127;5u") == [.key(.modified(.backspace, .control))])
        #expect(Self.decodeAll("\u{1B}[97;5u") == [.key(.control("a"))])
        #expect(Self.decodeAll("\u{1B}[97;3u") == [.key(.alt("a"))])
        #expect(Self.decodeAll("\u{1B}[97:65;2u") == [.key(.character("a"))], "kitty's sub-parameters: the key is the first")
        #expect(Self.decodeAll("\u{1B}[27;5;13~") == [.key(.modified(.enter, .control))], "xterm's modifyOtherKeys form")
    }

    @Test func anUnknownSequenceIsDroppedWholeAndNamed() {
        var decoder = KeyDecoder()
        let decoded = decoder.decode(Self.inputs("\u{1B}[99~j\u{1B}[1;5Xk")) + decoder.flush()
        #expect(decoded == [.key(.character("j")), .key(.character("k"))])
        #expect(decoder.takeDropped() == ["ESC [ 9 9 ~", "ESC [ 1 ; 5 X"])
        #expect(decoder.takeDropped().isEmpty)
    }

    @Test func theTerminfoEntrysOwnSequencesAreAdded() {
        let table = KeySequenceTable.standard.adding([("\u{1B}[E", .home), ("\u{1B}[1~", .end), ("x", .up)])
        #expect(Self.decodeAll("\u{1B}[E") == [], "not in the standard table")
        #expect(Self.decodeAll("\u{1B}[E", table: table) == [.key(.home)])
        #expect(Self.decodeAll("\u{1B}[1~", table: table) == [.key(.home)], "the standard entry wins")
    }

    @Test func escFollowedAtOnceByACharacterIsAlt() {
        #expect(Self.decodeAll("\u{1B}q") == [.key(.alt("q"))])
        #expect(Self.decodeAll("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
        #expect(Self.decodeAll("\u{1B}") == [.key(.escape)])
        #expect(Self.decodeAll("\u{1B}\r") == [.key(.modified(.enter, .alt))])
        #expect(Self.decodeAll("\u{1B}\u{7F}") == [.key(.modified(.backspace, .alt))])
        #expect(Self.decodeAll("\u{1B}[") == [.key(.alt("["))], "an introducer alone, after the delay, is Alt and it")
        #expect(Self.decodeAll("\u{1B}O") == [.key(.alt("O"))])
    }

    @Test func controlCharactersAreCtrlChords() {
        #expect(KeyDecoder.key(for: .character(6)) == .control("f"))
        #expect(KeyDecoder.key(for: .character(3)) == .control("c"))
        #expect(KeyDecoder.key(for: .character(0)) == .control("@"))
        #expect(KeyDecoder.key(for: .character(31)) == .control("_"))
        #expect(KeyDecoder.key(for: .character(9)) == .tab, "Tab, Enter and Backspace keep their names")
        #expect(KeyDecoder.key(for: .character(13)) == .enter)
        #expect(KeyDecoder.key(for: .character(8)) == .backspace)
    }

    @Test func functionKeysAreF1ToF12() {
        #expect(KeyDecoder.key(for: .keyCode(KeyCode.functionBase + 1)) == .function(1))
        #expect(KeyDecoder.key(for: .keyCode(KeyCode.functionBase + 12)) == .function(12))
        #expect(KeyDecoder.key(for: .keyCode(KeyCode.functionBase + 13)) == nil)
        #expect(KeyCode.functionBase == 0o410, "KEY_F0 as curses.h defines it")
    }

    // MARK: - Mouse

    @Test func sgrMouseReports() {
        #expect(Self.decodeAll("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(.left), row: 4, column: 9))])
        #expect(Self.decodeAll("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(.left), row: 4, column: 9))])
        #expect(Self.decodeAll("\u{1B}[<64;1;1M") == [.mouse(MouseEvent(.wheelUp, row: 0, column: 0))])
        #expect(Self.decodeAll("\u{1B}[<65;300;2M") == [.mouse(MouseEvent(.wheelDown, row: 1, column: 299))],
                "beyond column 223, where X10 reports end")
        #expect(Self.decodeAll("\u{1B}[<4;3;3M") == [.mouse(MouseEvent(.press(.left), row: 2, column: 2, modifiers: .shift))])
        #expect(Self.decodeAll("\u{1B}[<18;3;3M") == [.mouse(MouseEvent(.press(.right), row: 2, column: 2, modifiers: .control))])
        #expect(Self.decodeAll("\u{1B}[<32;3;3M") == [.mouse(MouseEvent(.drag(.left), row: 2, column: 2))])
        // X10, from a terminal without 1006: ESC [ M, then button, column and row plus 32.
        #expect(Self.decodeAll("\u{1B}[M #%") == [.mouse(MouseEvent(.press(.left), row: 4, column: 2))])
    }

    @Test func aMouseReportSplitAtEveryBoundary() {
        let sequence = Self.inputs("\u{1B}[<65;120;40Mj")
        for split in 0...sequence.count {
            var decoder = KeyDecoder()
            let decoded = decoder.decode(Array(sequence[..<split])) + decoder.decode(Array(sequence[split...])) + decoder.flush()
            #expect(decoded == [.mouse(MouseEvent(.wheelDown, row: 39, column: 119)), .key(.character("j"))], "split at \(split)")
        }
    }

    // MARK: - Paste

    @Test func aBracketedPasteIsTextNotKeys() {
        let decoded = Self.decodeAll("a\u{1B}[200~q\r\u{1B}x\u{1B}[A\u{1B}[201~b")
        #expect(decoded == [.key(.character("a")), .paste("q\r\u{1B}x\u{1B}[A"), .key(.character("b"))])
    }

    @Test func aPasteSplitAtEveryBoundaryIsOnePaste() {
        let sequence = Self.inputs("\u{1B}[200~hello\nworld\u{1B}[201~j")
        for split in 0...sequence.count {
            var decoder = KeyDecoder()
            var decoded = decoder.decode(Array(sequence[..<split]))
            decoded += decoder.decode(Array(sequence[split...])) + decoder.flush()
            #expect(decoded == [.paste("hello\nworld"), .key(.character("j"))], "split at \(split)")
        }
    }

    @Test func aPasteThatNeverEndsIsTakenAfterItsDelay() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Self.inputs("\u{1B}[200~abc")).isEmpty)
        #expect(decoder.pendingTimeout == KeyDecoder.pasteDelay)
        #expect(decoder.flush() == [.paste("abc")])
        #expect(decoder.decode(Self.inputs("j")) == [.key(.character("j"))], "and keys are keys again")
    }
}
