import Browser
import Terminal
import Testing

/// The real painter into ncurses on /dev/null: a run of ASCII cells lands with its own style (attributes and colour),
/// and a run that cuts a wide character of the frame before leaves no half of it behind.
@MainActor
struct PainterRunStyleTests {
    @Test func asciiRunsCarryTheirAttributesAndColour() throws {
        let painter = try #require(HeadlessTerminal.start(width: 40, height: 6))
        var buffer = ScreenBuffer(width: 40, height: 6)
        buffer.put("plain", row: 0, column: 0)
        buffer.put("bold", row: 0, column: 6, style: CellStyle(.bold))
        buffer.put("reversed", row: 1, column: 0, style: CellStyle(.reverse))
        buffer.put("green", row: 2, column: 0, style: CellStyle(foreground: .green))
        buffer.put("dim and underlined", row: 3, column: 0, style: CellStyle([.dim, .underline]))
        painter.paint(buffer)

        for column in 0..<5 {
            let style = try #require(HeadlessTerminal.style(row: 0, column: column))
            #expect(!style.bold && !style.dim && !style.reverse && !style.underline && style.pair == 0, "plain, column \(column)")
        }
        for column in 6..<10 {
            let style = try #require(HeadlessTerminal.style(row: 0, column: column))
            #expect(style.bold && !style.reverse, "bold, column \(column)")
        }
        #expect(HeadlessTerminal.style(row: 0, column: 10).map { !$0.bold } == true, "the cell after the bold run")
        for column in 0..<8 {
            #expect(HeadlessTerminal.style(row: 1, column: column).map { $0.reverse } == true, "reversed, column \(column)")
        }
        let green = try #require(HeadlessTerminal.style(row: 2, column: 0))
        #expect(green.pair != 0)
        for column in 1..<5 { #expect(HeadlessTerminal.style(row: 2, column: column)?.pair == green.pair, "green, column \(column)") }
        #expect(HeadlessTerminal.style(row: 2, column: 5)?.pair == 0, "the cell after the green run")
        for column in 0..<18 {
            let style = try #require(HeadlessTerminal.style(row: 3, column: column))
            #expect(style.dim && style.underline && !style.bold, "dim and underlined, column \(column)")
        }
        #expect(HeadlessTerminal.asciiCharacter(row: 3, column: 17) == "d")
    }

    @Test func anAsciiRunOverTheRightHalfOfAWideCharacterClearsItsLeftHalf() throws {
        let painter = try #require(HeadlessTerminal.start(width: 20, height: 3))
        var first = ScreenBuffer(width: 20, height: 3)
        first.put("ab日本 cd", row: 0, column: 0)
        painter.paint(first)
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 7) == "c")
        // The next frame writes ASCII from the right half of 日 to the left half of 本: the buffer blanks their other
        // halves, and ncurses must hold no half of either.
        var next = first
        next.put("xyz", row: 0, column: 3)
        #expect(next.text(ofRow: 0).hasPrefix("ab xyz cd"))
        painter.paint(next)
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 3) == "x")
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 4) == "y")
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 5) == "z")
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 2) == " ")
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 6) == " ")
        #expect(HeadlessTerminal.asciiCharacter(row: 0, column: 7) == "c")
    }
}
