public import Browser

/// Turns what `get_wch` returned into the browser's keys; pure, so it is tested without a terminal.
///
/// One read event's inputs are decoded together so that an escape sequence ncurses did not
/// recognise (`ESC [ 1 ; 5 A` from a key the terminfo entry lacks) is dropped whole instead of
/// arriving as Esc followed by stray characters; a bare cursor sequence (`ESC [ A`, `ESC O A`) is its key. A lone Esc, or Esc followed by anything but `[`
/// or `O`, is the Esc key — except Esc followed at once by a printable character, which is that
/// character with Alt (`alt-x`, as terminals send Meta), and Esc then CR, which is Alt-Enter. Control characters other than Tab, Enter and
/// Backspace are `ctrl-` chords; curses' function key codes are F1…F12.
public struct KeyDecoder: Sendable {
    public init() {}

    /// The keys in one batch of inputs, in order; inputs that are no key are skipped.
    public func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < inputs.count {
            let input = inputs[index]
            if input == .character(27), index + 1 < inputs.count,
               let end = Self.endOfEscapeSequence(in: inputs, from: index) {
                // The cursor keys in the other keypad mode (`ESC [ B` where terminfo says `ESC O B`, as a terminal
                // sends after a program that had it reset the mode) are still the cursor keys.
                if end == index + 3, let key = Self.cursorKey(final: inputs[index + 2]) { keys.append(key) }
                index = end
                continue
            }
            if input == .character(27), index + 1 < inputs.count, inputs[index + 1] == .character(13) {
                // Alt-Enter (Esc then CR): a new line in the comment editor.
                keys.append(.alt("\r"))
                index += 2
                continue
            }
            if input == .character(27), index + 1 < inputs.count, case .character(let next) = inputs[index + 1],
               next >= 0x20, next != 0x7F, let scalar = Unicode.Scalar(next) {
                keys.append(.alt(Character(scalar)))
                index += 2
                continue
            }
            if let key = decode(input) { keys.append(key) }
            index += 1
        }
        return keys
    }

    /// The key one input stands for, or nil (KEY_RESIZE, unknown codes, other control characters).
    public func decode(_ input: RawInput) -> Key? {
        switch input {
        case .keyCode(let code): Self.keyForCode(code)
        case .character(let value): Self.keyForCharacter(value)
        }
    }

    private static func keyForCode(_ code: Int32) -> Key? {
        switch code {
        case KeyCode.up: .up
        case KeyCode.down: .down
        case KeyCode.left: .left
        case KeyCode.right: .right
        case KeyCode.home: .home
        case KeyCode.end: .end
        case KeyCode.pageUp: .pageUp
        case KeyCode.pageDown: .pageDown
        case KeyCode.enter: .enter
        case KeyCode.backspace: .backspace
        case KeyCode.delete: .delete
        case (KeyCode.functionBase + 1)...(KeyCode.functionBase + 12): .function(Int(code - KeyCode.functionBase))
        default: nil
        }
    }

    private static func keyForCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        // The terminal runs with `nonl()`: Enter is CR (13); LF (10) is Ctrl-J, which the comment editor
        // reads as a new line.
        case 13: return .enter
        case 10: return .control("j")
        case 127, 8: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0: return .control("@")
        case 28...31: return .control(Character(Unicode.Scalar(value + 0x40)!))
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The cursor key that `ESC [ x` or `ESC O x` stands for in either keypad mode, or nil.
    private static func cursorKey(final: RawInput) -> Key? {
        switch final {
        case .character(0x41): .up
        case .character(0x42): .down
        case .character(0x43): .right
        case .character(0x44): .left
        case .character(0x48): .home
        case .character(0x46): .end
        default: nil
        }
    }

    /// Where an unrecognised CSI (`ESC [ … final`) or SS3 (`ESC O x`) sequence starting at `start` ends,
    /// or nil when the Esc at `start` is not the start of one.
    private static func endOfEscapeSequence(in inputs: [RawInput], from start: Int) -> Int? {
        switch inputs[start + 1] {
        case .character(0x5B):  // ESC [ parameters… final byte in @…~
            var index = start + 2
            while index < inputs.count {
                guard case .character(let value) = inputs[index] else { return index }
                index += 1
                if (0x40...0x7E).contains(value) { return index }
                if !(0x20...0x3F).contains(value) { return index - 1 }
            }
            return index
        case .character(0x4F):  // ESC O x
            return min(start + 3, inputs.count)
        default:
            return nil
        }
    }
}
