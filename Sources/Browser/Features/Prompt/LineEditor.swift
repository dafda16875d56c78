/// One line of text with a cursor, edited as readline edits it, with a history to step through.
///
/// Left, Right, Home, End, Ctrl-A/E/B/F move; Backspace and Delete delete either side of the cursor; Ctrl-U
/// and Ctrl-K delete to the start and to the end; Ctrl-W and Alt-Backspace delete the word before the cursor;
/// Up and Down step through the history (the line being typed comes back after the newest entry). Written
/// here rather than taken from a package: libedit and readline own the terminal, and the prompt is drawn by
/// stackterm's own status bar.
public struct LineEditor: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Where typing goes: an index into `characters` (`characters.count` is the end).
    public private(set) var cursor: Int
    /// Earlier entries, oldest first.
    public private(set) var history: [String]
    /// The history entry shown, while stepping through it.
    private var historyIndex: Int?
    /// The line as typed before Up first replaced it.
    private var typed: [Character] = []

    public init(text: String = "", history: [String] = []) {
        characters = Array(text)
        cursor = characters.count
        self.history = history
    }

    public var text: String { String(characters) }

    /// The columns before the cursor, for drawing it where typing goes.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Inserts `text` at the cursor and moves the cursor after it.
    public mutating func insert(_ text: some Collection<Character>) {
        characters.insert(contentsOf: text, at: cursor)
        cursor += text.count
    }

    /// Applies an editing key; false when the key is not one of the editor's (it is then ignored).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"), .modified(.backspace, .alt):
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up, .control("p"): stepHistory(back: true)
        case .down, .control("n"): stepHistory(back: false)
        default: return false
        }
        return true
    }

    /// Where the word before `index` starts: spaces before it are skipped, then non-spaces.
    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        return start
    }

    /// Up (`back`) shows the entry before the one shown, Down the one after; past the newest, the typed line.
    private mutating func stepHistory(back: Bool) {
        guard !history.isEmpty else { return }
        let next: Int?
        switch (historyIndex, back) {
        case (nil, true): next = history.count - 1
        case (nil, false): return
        case (let index?, true): next = max(0, index - 1)
        case (let index?, false): next = index + 1 < history.count ? index + 1 : nil
        }
        if historyIndex == nil { typed = characters }
        historyIndex = next
        characters = next.map { Array(history[$0]) } ?? typed
        cursor = characters.count
    }
}
