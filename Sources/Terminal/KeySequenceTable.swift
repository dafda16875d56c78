public import Browser

/// Every escape sequence a terminal may send for a key, whatever `TERM` says: one table from the bytes after
/// Esc to the key.
///
/// A terminfo entry lists one terminal's sequences; terminals and multiplexers send their own regardless
/// (tmux sends `ESC [1~` for Home under `TERM=xterm-256color`, whose entry says `ESC OH`). So the table holds
/// the families of all the common ones, and the entry's own sequences are added at start
/// (`adding(_:)`), so a terminal known only to its entry works too:
/// - xterm, normal and application cursor modes: `[A`…`[D`, `[H`, `[F`, `OA`…`OD`, `OH`, `OF`, `OP`…`OS`;
/// - vt220, tmux, screen and PuTTY: `[1~`…`[6~`, `[11~`…`[24~`;
/// - rxvt: `[7~`, `[8~`, Shift arrows `[a`…`[d`, Ctrl arrows `Oa`…`Od`, and `^` `$` `@` after a number for
///   Ctrl, Shift and both;
/// - the Linux console: `[[A`…`[[E` for F1…F5;
/// - xterm's modifier form, for every key above: `[1;5A`, `[5;5~`, `[1;2P`, and the old `O5A`;
/// - Shift-Tab, `[Z`.
/// The fixterms/kitty `CSI … u` form, mouse reports and bracketed paste are parsed, not listed: they carry
/// numbers (a code point, a position) rather than naming a key (see `KeyDecoder`).
public struct KeySequenceTable: Sendable {
    /// The key each sequence stands for, keyed by the characters after the Esc (`[1;5B`).
    public private(set) var keys: [String: Key]

    /// The built-in table.
    public static let standard = KeySequenceTable(keys: buildStandard())

    /// The table with `sequences` (a terminfo entry's own key strings, Esc included) added where they start
    /// with Esc and do not clash with an entry already there.
    public func adding(_ sequences: [(String, Key)]) -> KeySequenceTable {
        var copy = self
        for (sequence, key) in sequences where sequence.first == "\u{1B}" && sequence.count > 1 {
            let rest = String(sequence.dropFirst())
            if copy.keys[rest] == nil { copy.keys[rest] = key }
        }
        return copy
    }

    /// The key for the characters after an Esc, or nil.
    public func key(for sequence: String) -> Key? { keys[sequence] }

    /// The keys of the cursor and function families, by their final character.
    static let finals: [Character: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    /// The vt220 family: `ESC [ n ~`. 1/4 and 7/8 are Home and End (vt220 and rxvt), 2 is Insert (no key here).
    static let tildeCodes: [Int: Key] = [
        1: .home, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// xterm's modifier parameters 2…8: Shift, Alt, Shift-Alt, Ctrl, Ctrl-Shift, Ctrl-Alt, Ctrl-Alt-Shift.
    static let modifierParameters = 2...8

    private static func buildStandard() -> [String: Key] {
        var keys: [String: Key] = [:]
        for (final, key) in finals {
            keys["[\(final)"] = key
            keys["O\(final)"] = key
            for m in modifierParameters {
                let modified = Key.with(KeyModifiers(xtermParameter: m), key)
                keys["[1;\(m)\(final)"] = modified
                keys["O\(m)\(final)"] = modified
            }
        }
        for (code, key) in tildeCodes {
            keys["[\(code)~"] = key
            for m in modifierParameters { keys["[\(code);\(m)~"] = .with(KeyModifiers(xtermParameter: m), key) }
            // rxvt: Ctrl `^`, Shift `$`, Ctrl-Shift `@` in place of the tilde.
            keys["[\(code)^"] = .with(.control, key)
            keys["[\(code)$"] = .with(.shift, key)
            keys["[\(code)@"] = .with([.control, .shift], key)
        }
        for (final, key) in zip(["a", "b", "c", "d"], [Key.up, .down, .right, .left]) {
            keys["[\(final)"] = .with(.shift, key)
            keys["O\(final)"] = .with(.control, key)
        }
        for (final, number) in zip(["A", "B", "C", "D", "E"], 1...5) {
            keys["[[\(final)"] = .function(number)
        }
        keys["[Z"] = .with(.shift, .tab)
        for m in modifierParameters { keys["[1;\(m)Z"] = .with(KeyModifiers(xtermParameter: m).union(.shift), .tab) }
        // The keypad's Enter in application mode.
        keys["OM"] = .enter
        return keys
    }
}
