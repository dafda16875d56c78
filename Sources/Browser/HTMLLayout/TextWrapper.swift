/// Wraps inline text at word boundaries by display width, breaking only words wider than the line.
enum TextWrapper {
    /// The character ranges of `text`'s lines for `width` columns (at least 1).
    ///
    /// Linear in the text. A line never exceeds `width` columns, except a single wide character on a
    /// line one column wide, which cannot be split (the screen buffer shows it as a space).
    static func lineRanges(_ text: InlineText, width: Int) -> [Range<Int>] {
        let width = max(1, width)
        let widths = text.widths
        let count = text.count
        var lines: [Range<Int>] = []
        var lineStart: Int?
        var lineEnd = 0
        var lineWidth = 0
        var i = 0
        while i < count {
            if text.isBreak(i) {
                if let start = lineStart { lines.append(start..<lineEnd) } else { lines.append(i..<i) }
                lineStart = nil
                i += 1
                continue
            }
            if text.isSpace(i) { i += 1; continue }
            var end = i
            var wordWidth = 0
            while end < count, !text.isSpace(end), !text.isBreak(end) {
                wordWidth += widths[end]
                end += 1
            }
            // Spaces are collapsed, so the gap is one column per character between the words.
            if let start = lineStart, lineWidth + (i - lineEnd) + wordWidth <= width {
                lineWidth += (i - lineEnd) + wordWidth
                lineEnd = end
                lineStart = start
            } else {
                if let start = lineStart { lines.append(start..<lineEnd) }
                var chunkStart = i
                var chunkWidth = 0
                for k in i..<end {
                    if chunkWidth + widths[k] > width, k > chunkStart {
                        lines.append(chunkStart..<k)
                        chunkStart = k
                        chunkWidth = 0
                    }
                    chunkWidth += widths[k]
                }
                lineStart = chunkStart
                lineEnd = end
                lineWidth = chunkWidth
            }
            i = end
        }
        if let start = lineStart { lines.append(start..<lineEnd) }
        return lines
    }

    /// The styled line for `range` of `text`: one span per run of equal style.
    static func styledLine(_ text: InlineText, range: Range<Int>, prefix: [StyledSpan] = []) -> StyledLine {
        var spans = prefix
        var runStart = range.lowerBound
        while runStart < range.upperBound {
            let style = text.styles[runStart]
            var runEnd = runStart + 1
            while runEnd < range.upperBound, text.styles[runEnd] == style { runEnd += 1 }
            spans.append(StyledSpan(text.text(runStart..<runEnd), style: style))
            runStart = runEnd
        }
        return StyledLine(spans)
    }
}
