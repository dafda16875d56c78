/// A text cut for laying it out cell by cell: runs of printable ASCII bytes (one byte, one column, its own character:
/// no cluster to find) and, between them, the characters that must be measured as clusters.
///
/// A line with one `·` or `…` in it (a picture's box, an answer's header) then costs its ASCII bytes plus that one
/// character, not a grapheme walk of the whole line. An ASCII byte right before a non-ASCII scalar may begin a
/// cluster with it (`e` and a combining accent, the keycap `1️⃣`), so it goes with the characters.
enum PrintableRuns {
    /// Calls `ascii` with each printable ASCII byte of `text` that stands alone and `character` with each other
    /// character, in order, until one returns false. Together they are `text`'s characters, each once.
    @inline(__always)
    static func forEach<Text: StringProtocol>(
        in text: Text, ascii: (UInt8) -> Bool, character: (Character) -> Bool
    ) {
        let utf8 = text.utf8
        let end = utf8.endIndex
        var index = utf8.startIndex
        while index < end {
            var runEnd = index
            var lastByte = index
            while runEnd < end, isPrintable(utf8[runEnd]) {
                lastByte = runEnd
                runEnd = utf8.index(after: runEnd)
            }
            let bytesEnd = runEnd < end && runEnd > index ? lastByte : runEnd
            while index < bytesEnd {
                guard ascii(utf8[index]) else { return }
                index = utf8.index(after: index)
            }
            guard index < end else { return }
            guard character(text[index]) else { return }
            index = text.index(after: index)
        }
    }

    /// Space to tilde: one column each (`DisplayWidth.isPrintableASCII` is this for a whole text).
    @inline(__always)
    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
}
