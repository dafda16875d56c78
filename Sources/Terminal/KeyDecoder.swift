public import Browser

/// Turns what `get_wch` returned into keys, mouse reports and pastes; a value, so it is tested without a terminal.
///
/// ncurses runs with the keypad off, so every byte of an escape sequence arrives here and this decoder is the
/// one place sequences are read (`KeySequenceTable`). It keeps what it has not finished across reads: a
/// sequence split over two reads is still one key, and a bracketed paste may span many reads. An Esc with
/// nothing after it waits for `pendingTimeout`, then `flush()` makes it the Esc key (as ncurses' ESCDELAY did).
/// An Esc followed at once by a printable character is that character with Alt (`alt-x`); Esc before Enter,
/// Tab or Backspace is that key with Alt. A sequence the table does not know is dropped whole and named in
/// `dropped`, for the trace. Control characters other than Tab, Enter and Backspace are `ctrl-` chords.
public struct KeyDecoder: Sendable {
    /// The sequences known; `KeySequenceTable.standard` plus the terminfo entry's own.
    public var table: KeySequenceTable
    /// The characters read but not yet decoded: the start of a sequence whose end has not arrived.
    private var buffer: [UInt32] = []
    /// Inside a bracketed paste: the text so far.
    private var paste: [UInt32]?
    /// The sequences dropped since the last `takeDropped()`, spelled `ESC [ 9 9 ~`, for the trace.
    private var dropped: [String] = []

    /// How long an unfinished Esc sequence may wait for its rest before `flush()` decides it.
    public static let escapeDelay: Duration = .milliseconds(25)
    /// How long a paste may pause before it is taken as ended (a terminal that never sends the end marker).
    public static let pasteDelay: Duration = .seconds(1)
    /// The most a sequence may hold before it is dropped as garbage (a paste is not a sequence).
    static let longestSequence = 64

    public init(table: KeySequenceTable = .standard) {
        self.table = table
    }

    /// The inputs decoded from one read, in order; an unfinished sequence waits for the next read or `flush()`.
    public mutating func decode(_ inputs: [RawInput]) -> [TerminalInput] {
        var decoded: [TerminalInput] = []
        for input in inputs {
            switch input {
            case .character(let value):
                buffer.append(value)
            case .keyCode(let code):
                // Only with the keypad on (not stackterm's way): what is buffered first, then the key.
                decoded += process(final: true)
                if let key = Self.keyForCode(code) { decoded.append(.key(key)) }
            }
        }
        return decoded + process(final: false)
    }

    /// What is waiting once the delay passed: a lone Esc is the Esc key, a paste that never ended is a paste.
    public mutating func flush() -> [TerminalInput] {
        process(final: true)
    }

    /// How long to wait before calling `flush()`, or nil when nothing waits.
    public var pendingTimeout: Duration? {
        if paste != nil { return Self.pasteDelay }
        return buffer.isEmpty ? nil : Self.escapeDelay
    }

    /// The sequences dropped since the last call, for the trace.
    public mutating func takeDropped() -> [String] {
        defer { dropped = [] }
        return dropped
    }

    // MARK: - Decoding

    private mutating func process(final: Bool) -> [TerminalInput] {
        var decoded: [TerminalInput] = []
        var index = 0
        while index < buffer.count {
            if paste != nil {
                guard let end = Self.find(Self.pasteEnd, in: buffer, from: index) else {
                    // Keep a tail that may be the start of the end marker; the rest is paste text.
                    let keep = final ? buffer.count : max(index, buffer.count - Self.pasteEnd.count + 1)
                    paste! += buffer[index..<keep]
                    buffer.removeFirst(keep)
                    if final {
                        decoded.append(.paste(Self.string(paste!)))
                        paste = nil
                    }
                    return decoded
                }
                paste! += buffer[index..<end]
                decoded.append(.paste(Self.string(paste!)))
                paste = nil
                index = end + Self.pasteEnd.count
                continue
            }
            let value = buffer[index]
            guard value == 27 else {
                if let key = Self.keyForCharacter(value) { decoded.append(.key(key)) }
                index += 1
                continue
            }
            switch escape(at: index, final: final) {
            case .waiting:
                buffer.removeFirst(index)
                return decoded
            case .decoded(let length, let input):
                if let input { decoded.append(input) }
                index += length
            case .pasteStarts(let length):
                paste = []
                index += length
            }
        }
        buffer.removeAll(keepingCapacity: true)
        return decoded
    }

    private enum EscapeResult {
        /// The sequence is unfinished: wait for more.
        case waiting
        /// `length` characters decoded to `input` (nil: dropped).
        case decoded(Int, TerminalInput?)
        case pasteStarts(Int)
    }

    /// Decodes the Esc at `start` and what follows it.
    private mutating func escape(at start: Int, final: Bool) -> EscapeResult {
        let rest = buffer.count - start - 1
        guard rest > 0 else { return final ? .decoded(1, .key(.escape)) : .waiting }
        let next = buffer[start + 1]
        switch next {
        case 0x5B, 0x4F:  // `[` CSI, `O` SS3
            guard let end = Self.sequenceEnd(buffer, from: start) else {
                if !final { return .waiting }
                // Only the introducer arrived: Alt and the character (`alt-[`, `alt-O`).
                if rest == 1, let scalar = Unicode.Scalar(next) { return .decoded(2, .key(.alt(Character(scalar)))) }
                drop(buffer[start...])
                return .decoded(buffer.count - start, nil)
            }
            if end - start > Self.longestSequence {
                drop(buffer[start..<end])
                return .decoded(end - start, nil)
            }
            let body = Self.string(buffer[(start + 1)..<end])
            if let key = table.key(for: body) { return .decoded(end - start, .key(key)) }
            if body == "[200~" { return .pasteStarts(end - start) }
            if let input = Self.parse(body, raw: buffer[(start + 1)..<end]) { return .decoded(end - start, input) }
            if body != "[201~" { drop(buffer[start..<end]) }
            return .decoded(end - start, nil)
        case 27:
            return .decoded(1, .key(.escape))
        default:
            // Esc before a character: Alt and that key (`alt-x`, Alt-Enter, Alt-Backspace).
            guard let key = Self.keyForCharacter(next) else { return .decoded(1, .key(.escape)) }
            return .decoded(2, .key(.with(.alt, key)))
        }
    }

    /// Where the CSI or SS3 sequence at `start` ends (one past its last character), or nil when it has not ended.
    static func sequenceEnd(_ buffer: [UInt32], from start: Int) -> Int? {
        var index = start + 2
        guard index < buffer.count else { return nil }
        if buffer[start + 1] == 0x4F {
            // SS3: optional digits (the old modifier form `ESC O 5 A`), then one character.
            while index < buffer.count, (0x30...0x39).contains(buffer[index]) { index += 1 }
            return index < buffer.count ? index + 1 : nil
        }
        // The Linux console's `ESC [ [ A`.
        if buffer[index] == 0x5B { return index + 1 < buffer.count ? index + 2 : nil }
        // An X10 mouse report: `ESC [ M` and three bytes.
        if buffer[index] == 0x4D { return index + 3 < buffer.count ? index + 4 : nil }
        while index < buffer.count {
            let value = buffer[index]
            index += 1
            switch value {
            case 0x30...0x3F: continue  // parameters
            case 0x24 where index > start + 3: return index  // rxvt's Shift form, `ESC [ 5 $`
            case 0x20...0x2F: continue  // intermediates
            case 0x40...0x7E: return index  // the final character
            default: return index - 1  // not part of a sequence: it ends before
            }
        }
        return nil
    }

    /// The sequences the table does not list because they carry numbers: SGR and X10 mouse reports, the
    /// fixterms/kitty `CSI code ; modifiers u` form and xterm's `CSI 27 ; modifiers ; code ~`.
    static func parse(_ body: String, raw: ArraySlice<UInt32>) -> TerminalInput? {
        if body.hasPrefix("[M"), raw.count == 5 {
            let values = Array(raw.suffix(3)).map { Int($0) - 32 }
            return mouse(button: values[0], column: values[1] - 1, row: values[2] - 1, released: false, x10: true)
        }
        // Focus reports (`CSI ?1004h`, asked for with the other input modes): the terminal gained or lost the focus.
        if body == "[I" { return .focus(true) }
        if body == "[O" { return .focus(false) }
        guard body.hasPrefix("["), let finalCharacter = body.last else { return nil }
        var parameters = body.dropFirst().dropLast()
        if finalCharacter == "M" || finalCharacter == "m", parameters.first == "<" {
            parameters = parameters.dropFirst()
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            return mouse(button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1, released: finalCharacter == "m", x10: false)
        }
        // `:` separates kitty's sub-parameters (shifted and base keys): the first is the key.
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.split(separator: ":").first ?? "") }
        if finalCharacter == "u", let code = numbers.first ?? nil {
            return codePointKey(code, modifiers: KeyModifiers(xtermParameter: numbers.count > 1 ? (numbers[1] ?? 1) : 1))
        }
        if finalCharacter == "~", numbers.count == 3, numbers[0] == 27, let m = numbers[1], let code = numbers[2] {
            return codePointKey(code, modifiers: KeyModifiers(xtermParameter: m))
        }
        return nil
    }

    /// The key of a code point with modifiers (`CSI 13;5u` is Ctrl-Enter, `CSI 97;5u` Ctrl-A).
    static func codePointKey(_ code: Int, modifiers: KeyModifiers) -> TerminalInput? {
        guard code >= 0, let value = UInt32(exactly: code), let base = keyForCharacter(value) else { return nil }
        if case .control = base, !modifiers.isEmpty { return .key(.with(modifiers.subtracting(.control), base)) }
        return .key(.with(modifiers, base))
    }

    /// A mouse report: `button` as SGR and X10 number it (low bits the button, 4 Shift, 8 Alt, 16 Ctrl,
    /// 32 motion, 64 the wheel); X10 says a release as button 3, without which one.
    static func mouse(button: Int, column: Int, row: Int, released: Bool, x10: Bool) -> TerminalInput? {
        guard column >= 0, row >= 0 else { return nil }
        var modifiers: KeyModifiers = []
        if button & 4 != 0 { modifiers.insert(.shift) }
        if button & 8 != 0 { modifiers.insert(.alt) }
        if button & 16 != 0 { modifiers.insert(.control) }
        let low = button & 3
        let action: MouseEvent.Action
        if button & 64 != 0 {
            action = [MouseEvent.Action.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else if x10, low == 3 {
            action = .release(.left)
        } else {
            guard let pressed = MouseEvent.Button(rawValue: low) else { return nil }
            action = button & 32 != 0 ? .drag(pressed) : released ? .release(pressed) : .press(pressed)
        }
        return .mouse(MouseEvent(action, row: row, column: column, modifiers: modifiers))
    }

    private mutating func drop(_ characters: ArraySlice<UInt32>) {
        let spelled = characters.prefix(Self.longestSequence).map { value -> String in
            value == 27 ? "ESC" : (0x21...0x7E).contains(value) ? String(UnicodeScalar(UInt8(value))) : "\\u{\(String(value, radix: 16))}"
        }
        dropped.append(spelled.joined(separator: " "))
    }

    /// The end of a bracketed paste: `ESC [ 2 0 1 ~`.
    static let pasteEnd: [UInt32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    static func find(_ needle: [UInt32], in haystack: [UInt32], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    static func string(_ values: some Sequence<UInt32>) -> String {
        var scalars = String.UnicodeScalarView()
        for value in values { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        return String(scalars)
    }

    // MARK: - Single inputs

    /// The key one input stands for, or nil (KEY_RESIZE, unknown codes, other control characters).
    public static func key(for input: RawInput) -> Key? {
        switch input {
        case .keyCode(let code): keyForCode(code)
        case .character(let value): keyForCharacter(value)
        }
    }

    static func keyForCode(_ code: Int32) -> Key? {
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
        case KeyCode.backTab: .modified(.tab, .shift)
        case (KeyCode.functionBase + 1)...(KeyCode.functionBase + 12): .function(Int(code - KeyCode.functionBase))
        default: nil
        }
    }

    static func keyForCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        // The terminal runs with `nonl()`: Enter is CR (13); LF (10) is Ctrl-J, which the comment editor reads as a
        // new line.
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
}
