import Foundation
import TestSupport
import Testing

/// Code blocks in the real binary, read back from tmux with `capture-pane -e`: a Python block's keywords and
/// strings in colours of their own, a `lang-none` block plain, `mono` without colour, and `Y` copying text alone.
@Suite(.serialized)
struct HighlightEndToEndTests {
    /// Opens the bundled `syntax-highlighting` question with the `lang-py` block (the newest of the four).
    static func openPythonQuestion(_ run: StacktermRun) async throws {
        #expect(try await run.waitForStatus("1/4"))
        try run.tmux.send("Enter")
        #expect(try await eventually { try run.tmux.capture().contains { $0.contains("def greet(name):") } })
    }

    @Test func pythonKeywordsAndStringsHaveColoursOfTheirOwn() async throws {
        try await StacktermRun.with(arguments: ["--tag", "syntax-highlighting"]) { run in
            try await Self.openPythonQuestion(run)
            let screen = ScreenCells(capture: try run.tmux.captureWithEscapes())
            let keyword = try #require(screen.style(of: "def", onRowWith: "def greet(name):"))
            let string = try #require(screen.style(of: "\"hello ", onRowWith: "return \"hello"))
            let prose = try #require(screen.style(of: "prints", onRowWith: "This prints the wrong"))
            let identifier = try #require(screen.style(of: "name", onRowWith: "return \"hello"))
            #expect(keyword.foreground != nil && string.foreground != nil, "\(keyword) \(string)")
            #expect(keyword.foreground != string.foreground)
            #expect(keyword.foreground != prose.foreground && string.foreground != prose.foreground)
            #expect(keyword.foreground != identifier.foreground && string.foreground != identifier.foreground)
            // The language is named at the block's top-right.
            let row = try #require(try run.tmux.capture().first { $0.contains("def greet(name):") })
            #expect(row.hasSuffix("python"), "\(row)")
        }
    }

    @Test func aLangNoneBlockIsPlain() async throws {
        try await StacktermRun.with(arguments: ["--tag", "syntax-highlighting"]) { run in
            try await Self.openPythonQuestion(run)
            let screen = ScreenCells(capture: try run.tmux.captureWithEscapes())
            let text = "def is not a keyword here \"and this is no string\""
            let styles = try #require(screen.styles(of: text, onRowWith: text))
            #expect(Set(styles).count == 1, "one style across the lang-none line: \(Set(styles))")
            let hinted = try #require(screen.style(of: "def", onRowWith: "def greet(name):"))
            #expect(styles.first != hinted)
            let row = try #require(try run.tmux.capture().first { $0.contains(text) })
            #expect(!row.hasSuffix("python"), "no language named for lang-none")
        }
    }

    @Test func monoDrawsCodeWithoutColour() async throws {
        try await StacktermRun.with(arguments: ["--tag", "syntax-highlighting"], config: "theme = \"mono\"\n") { run in
            try await Self.openPythonQuestion(run)
            let capture = try run.tmux.captureWithEscapes()
            #expect(StacktermConfigEndToEndTests.colourEscapes(in: capture) == 0, "\(capture.prefix(600).debugDescription)")
            let screen = ScreenCells(capture: capture)
            let keyword = try #require(screen.style(of: "def", onRowWith: "def greet(name):"))
            let comment = try #require(screen.style(of: "# say hi", onRowWith: "# say hi"))
            #expect(keyword.bold && !comment.bold, "keywords bold")
            #expect(comment.dim && !keyword.dim, "comments dim")
        }
    }

    @Test func highlightOffInTheConfigDrawsOneCodeStyle() async throws {
        try await StacktermRun.with(arguments: ["--tag", "syntax-highlighting"], config: "[detail]\nhighlight = false\n") { run in
            try await Self.openPythonQuestion(run)
            let screen = ScreenCells(capture: try run.tmux.captureWithEscapes())
            let keyword = try #require(screen.style(of: "def", onRowWith: "def greet(name):"))
            let string = try #require(screen.style(of: "\"hello ", onRowWith: "return \"hello"))
            #expect(keyword == string)
            let row = try #require(try run.tmux.capture().first { $0.contains("def greet(name):") })
            #expect(!row.hasSuffix("python"))
        }
    }

    @Test func capitalYCopiesTheCodeWithoutEscapes() async throws {
        try await StacktermRun.with(arguments: ["--tag", "syntax-highlighting"]) { run in
            try run.tmux.command("set-option", "-g", "set-clipboard", "on")
            try await Self.openPythonQuestion(run)
            try run.tmux.send("Y")
            #expect(try await run.waitForStatus("copied 4 lines"))
            let expected = "def greet(name):\n    return \"hello \" + name  # say hi\n\nprint(greet(\"world\"), 42)"
            let stored = await eventually { (try? run.tmux.command("show-buffer")) == expected }
            let buffer = (try? run.tmux.command("show-buffer")) ?? "no buffer"
            #expect(stored, "\(buffer.debugDescription)")
            #expect(!buffer.contains("\u{1B}") && !buffer.contains("python\n"))
        }
    }
}

/// A `capture-pane -e` screen as cells with their SGR state.
///
/// tmux writes only the changes of attributes, and a state carries on from one row to the next, so the capture
/// is read as one stream: each SGR sequence changes the current state, and every character takes the state then.
struct ScreenCells {
    struct Style: Hashable, CustomStringConvertible {
        /// The SGR parameters that set the foreground (`31`, `38;5;214`), nil for the default.
        var foreground: String?
        var bold = false
        var dim = false
        var reverse = false
        var description: String { "fg \(foreground ?? "default")\(bold ? " bold" : "")\(dim ? " dim" : "")\(reverse ? " reverse" : "")" }
    }

    private(set) var rows: [[(Character, Style)]] = []

    init(capture: String) {
        var style = Style()
        var row: [(Character, Style)] = []
        var characters = Array(capture)[...]
        while let character = characters.popFirst() {
            if character == "\u{1B}", characters.first == "[" {
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, next.isNumber || next == ";" {
                    parameters.append(next)
                    characters.removeFirst()
                }
                if characters.popFirst() == "m" { Self.apply(parameters, to: &style) }
            } else if character == "\n" {
                rows.append(row)
                row = []
            } else {
                row.append((character, style))
            }
        }
        if !row.isEmpty { rows.append(row) }
    }

    private static func apply(_ text: String, to style: inout Style) {
        var parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if parameters.isEmpty { parameters = [0] }
        while let parameter = parameters.popFirst() {
            switch parameter {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 22: style.bold = false; style.dim = false
            case 7: style.reverse = true
            case 27: style.reverse = false
            case 30...37, 90...97: style.foreground = String(parameter)
            case 39: style.foreground = nil
            case 38:
                // 38;5;n or 38;2;r;g;b
                let kind = parameters.popFirst() ?? 0
                let count = kind == 5 ? 1 : kind == 2 ? 3 : 0
                let values = (0..<count).compactMap { _ in parameters.popFirst() }
                style.foreground = "38;\(kind);" + values.map(String.init).joined(separator: ";")
            case 48:
                let kind = parameters.popFirst() ?? 0
                for _ in 0..<(kind == 5 ? 1 : kind == 2 ? 3 : 0) { _ = parameters.popFirst() }
            default: break
            }
        }
    }

    /// The styles of the characters of `text` on the first row that shows `marker`.
    func styles(of text: String, onRowWith marker: String) -> [Style]? {
        guard let row = rows.first(where: { String($0.map(\.0)).contains(marker) }) else { return nil }
        let characters = row.map(\.0)
        let needle = Array(text)
        guard needle.count <= characters.count else { return nil }
        for start in 0...(characters.count - needle.count) where Array(characters[start..<start + needle.count]) == needle {
            return row[start..<start + needle.count].map(\.1)
        }
        return nil
    }

    /// The style of `text`'s first character, when all of `text` shares it.
    func style(of text: String, onRowWith marker: String) -> Style? {
        guard let styles = styles(of: text, onRowWith: marker), let first = styles.first, styles.allSatisfy({ $0 == first }) else {
            return nil
        }
        return first
    }
}
