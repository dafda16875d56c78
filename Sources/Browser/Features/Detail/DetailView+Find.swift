extension DetailView {
    /// Every match in reverse video, the current one also bold and underlined, so it stands out without colour.
    static let matchStyle = CellStyle(.reverse, foreground: .yellow)
    static let currentMatchStyle = CellStyle([.reverse, .bold, .underline], foreground: .yellow)

    /// Restyles the cells of the matches visible in rows `firstRow` to `height`, document line `scroll` being on row 0
    /// (rows above `firstRow` hold the sticky header).
    static func highlight(_ find: FindState, scroll: Int, into buffer: inout ScreenBuffer, height: Int, from firstRow: Int = 0) {
        let current = find.currentMatch
        // Matches are in line order: skip to the first visible line, stop after the last.
        var index = firstMatch(atOrAfter: scroll + firstRow, in: find.matches)
        while index < find.matches.count {
            let match = find.matches[index]
            let row = match.line - scroll
            if row >= height { break }
            let style = match == current ? currentMatchStyle : matchStyle
            for column in match.columns where column < buffer.width {
                buffer[row, column].style = style
            }
            index += 1
        }
    }

    /// The index of the first match on `line` or below (binary search).
    static func firstMatch(atOrAfter line: Int, in matches: [FindState.Match]) -> Int {
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
