/// How far an import is: what the progress line shows.
public struct ImportProgress: Sendable, Hashable {
    /// The file being read (`Posts.xml`).
    public var fileName: String
    /// Posts (questions and answers) written so far, this run and earlier ones.
    public var posts: Int
    /// Rows of every file read this run.
    public var rows: Int
    /// Of the archive (or the folder's files), bytes read and in all.
    public var bytesRead: Int64
    public var totalBytes: Int64
    /// Seconds since this run began.
    public var elapsed: Double

    /// The part of the source read, 0...1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0 }

    /// "posts 12,345 · rows 40,000 · 10,234 rows/s · 45% read · ETA 0:12 · Posts.xml"
    public var line: String { lineParts.map(\.text).joined(separator: " · ") }

    /// A bar of `width` cells for a terminal.
    public func bar(width: Int) -> String {
        let filled = Int(fraction * Double(width))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: max(0, width - filled)) + "]"
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
