import Foundation

extension DetailView {
    /// Where code runs past the right edge (`›`) or is scrolled past the left (`‹`).
    static let codeMoreRight = "›"
    static let codeMoreLeft = "‹"

    /// Draws `line`, line `row` of code `block`, scrolled `shift` columns sideways after its indent, into `screenRow`:
    /// code wider than the screen ends with `›` in the last column, and code scrolled shows `‹` where it begins.
    static func drawCode(
        _ line: StyledLine, of block: DetailDocument.CodeBlock, row: Int, shift: Int, into buffer: inout ScreenBuffer,
        screenRow: Int
    ) {
        let codeWidth = DisplayWidth.of(block.text[row])
        guard shift > 0 || block.indent + codeWidth > buffer.width else {
            buffer.draw(line, row: screenRow)
            return
        }
        // The prefix stays; the code after it moves (a language label drawn beside the code is left out then).
        let end = block.indent + codeWidth
        var shown = line.columns(from: 0, to: block.indent)
        shown.spans += line.columns(from: block.indent + min(shift, codeWidth), to: end).spans
        buffer.draw(shown, row: screenRow)
        if shift > 0, codeWidth > 0 {
            buffer.put(codeMoreLeft, row: screenRow, column: max(0, block.indent - 1), style: markStyle)
        }
        if end - min(shift, codeWidth) > buffer.width {
            buffer.put(codeMoreRight, row: screenRow, column: buffer.width - 1, style: markStyle)
        }
    }
}
