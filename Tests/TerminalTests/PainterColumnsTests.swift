import Browser
import Terminal
import Testing

/// The real painter into ncurses on /dev/null: after any non-ASCII cluster the next cell is where the buffer says.
@MainActor
struct PainterColumnsTests {
    /// Titles of every kind terminals disagree on, then `|` at column 20 of each row.
    static let titles = ["plain ascii", "tone 👍🏽 x", "zwj 👩‍💻 x", "vs ☀️ x", "flag 🇯🇵 x", "mark e\u{301} x", "cjk 日本 x"]

    @Test func markersLineUpInNcursesScreen() throws {
        let painter = try #require(HeadlessTerminal.start(width: 40, height: 20))
        var buffer = ScreenBuffer(width: 40, height: 20)
        for (row, title) in Self.titles.enumerated() {
            buffer.put(title, row: row, column: 0, maxWidth: 20)
            buffer.put("|end", row: row, column: 20)
        }
        // Cells the buffer never normalised (set directly): ncurses counts 4 columns for each, the buffer 2.
        for (row, cluster) in ["👍🏽", "👩‍💻"].enumerated() {
            buffer.put("raw", row: 10 + row, column: 0)
            buffer[10 + row, 4] = Cell(cluster)
            buffer[10 + row, 5] = Cell("")
            buffer.put("|end", row: 10 + row, column: 6)
        }
        painter.paint(buffer)
        for row in Self.titles.indices {
            #expect(HeadlessTerminal.asciiCharacter(row: row, column: 20) == "|", "row \(row): \(Self.titles[row])")
            #expect(HeadlessTerminal.asciiCharacter(row: row, column: 23) == "d", "row \(row)")
        }
        for row in [10, 11] {
            #expect(HeadlessTerminal.asciiCharacter(row: row, column: 6) == "|", "raw row \(row)")
        }
        // A second frame that only changes the text after a cluster repaints at the right column too.
        var next = buffer
        next.put("|new", row: 1, column: 20)
        painter.paint(next)
        #expect(HeadlessTerminal.asciiCharacter(row: 1, column: 21) == "n")
    }
}
