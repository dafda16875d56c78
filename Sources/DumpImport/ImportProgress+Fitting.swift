extension ImportProgress {
    /// The progress line for a terminal `columns` wide, one cell short of it so the terminal never wraps: a bar
    /// while there is room for one, then the parts that matter least (the time left, the rate, the rows read) are
    /// left out first, and what still does not fit is cut.
    public func terminalLine(columns: Int) -> String {
        let room = max(1, columns - 1)
        var parts = lineParts
        let order = ["eta", "rate", "rows", "file"]
        for barWidth in [24, 12] {
            let line = bar(width: barWidth) + " " + parts.map(\.text).joined(separator: " · ")
            if line.count <= room { return line }
        }
        for dropped in order {
            let line = parts.map(\.text).joined(separator: " · ")
            if line.count <= room { return line }
            parts.removeAll { $0.name == dropped }
        }
        return String(parts.map(\.text).joined(separator: " · ").prefix(room))
    }

    /// The line's parts, named for `terminalLine`'s order of leaving them out.
    var lineParts: [(name: String, text: String)] {
        let rate = elapsed > 0 ? Double(rows) / elapsed : 0
        var parts = [("posts", "posts \(Self.grouped(posts))"), ("rows", "rows \(Self.grouped(rows))"),
                     ("rate", "\(Self.grouped(Int(rate))) rows/s"), ("read", "\(Int(fraction * 100))% read")]
        if fraction > 0.01, fraction < 1 {
            let left = Int(elapsed / fraction - elapsed)
            parts.append(("eta", "ETA \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"))
        }
        parts.append(("file", fileName))
        return parts.map { (name: $0.0, text: $0.1) }
    }
}
