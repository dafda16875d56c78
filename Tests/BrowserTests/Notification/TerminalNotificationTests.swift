import Testing
@testable import Browser

/// Notification text as the terminal receives it: each protocol, tmux passthrough, hostile titles made inert.
struct TerminalNotificationTests {
    let note = TerminalNotification(title: "3 new in [rust]", text: "How do I borrow twice?")

    @Test func eachProtocolHasItsOwnSequence() {
        #expect(note.sequence(.osc9) == "\u{1B}]9;3 new in [rust]: How do I borrow twice?\u{07}")
        #expect(note.sequence(.osc777) == "\u{1B}]777;notify;3 new in [rust];How do I borrow twice?\u{07}")
        #expect(note.sequence(.osc99) ==
            "\u{1B}]99;i=stackterm:d=0;3 new in [rust]\u{1B}\\\u{1B}]99;i=stackterm:d=1:p=body;How do I borrow twice?\u{1B}\\")
        #expect(note.sequence(.bell) == "\u{07}")
        #expect(note.sequence(.none) == "")
    }

    @Test func insideTmuxTheSequenceIsPassedThroughWithItsEscapesDoubled() {
        let wrapped = note.sequence(.osc9, insideTmux: true)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}]9;3 new in [rust]: How do I borrow twice?\u{07}\u{1B}\\")
        let kitty = note.sequence(.osc99, insideTmux: true)
        #expect(kitty.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]99;"))
        #expect(kitty.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\"))
        // Inside the wrapper, no single ESC is left that could end it early.
        let inner = kitty.dropFirst("\u{1B}Ptmux;".count).dropLast(2)
        #expect(!inner.replacingOccurrences(of: "\u{1B}\u{1B}", with: "").contains("\u{1B}"))
        #expect(note.sequence(.bell, insideTmux: true) == "\u{07}")
    }

    @Test func aHostileTitleCannotEndTheSequenceOrTurnText() {
        let hostile = TerminalNotification(
            title: "evil\u{07}\u{1B}]0;pwned\u{1B}\\ \u{202E}txt.exe\u{200B}\nline;two",
            text: "body\u{9C}\u{1B}[2J")
        for method in [NotificationMethod.osc9, .osc777, .osc99] {
            let sequence = hostile.sequence(method)
            let scalars = sequence.unicodeScalars.map(\.value)
            #expect(!scalars.contains(0x202E))
            #expect(!scalars.contains(0x200B))
            #expect(!scalars.contains(0x9C))
            #expect(!scalars.contains(0x0A))
            let escapes = scalars.filter { $0 == 0x1B }.count
            #expect(escapes == (method == .osc99 ? 4 : 1), "\(method)")
            #expect(scalars.filter { $0 == 0x07 }.count == (method == .osc99 ? 0 : 1))
        }
        #expect(hostile.sequence(.osc777) == "\u{1B}]777;notify;evil]0,pwned\\ txt.exe line,two;body[2J\u{07}")
    }

    @Test func titlesAreCapped() {
        let long = TerminalNotification(title: String(repeating: "a", count: 500), text: String(repeating: "b", count: 500))
        let sequence = long.sequence(.osc777)
        #expect(sequence.count == "\u{1B}]777;notify;".count + TerminalNotification.titleLimit + 1 + TerminalNotification.textLimit + 1)
        #expect(TerminalNotification.inert(String(repeating: "a", count: 81), limit: 80).hasSuffix("…"))
        #expect(TerminalNotification.inert("short", limit: 80) == "short")
    }

    @Test func autoFollowsTheTerminal() {
        #expect(NotificationMethod.auto.resolved(environment: ["TERM": "xterm-kitty"]) == .osc99)
        #expect(NotificationMethod.auto.resolved(environment: ["TERM_PROGRAM": "WezTerm"]) == .osc9)
        #expect(NotificationMethod.auto.resolved(environment: ["TERM": "foot"]) == .osc777)
        #expect(NotificationMethod.auto.resolved(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7200"]) == .osc777)
        #expect(NotificationMethod.auto.resolved(environment: ["TERM": "screen"]) == .bell)
        #expect(NotificationMethod.osc9.resolved(environment: ["TERM": "foot"]) == .osc9)
    }
}
