/// A row of a dump file that could not be read or lacks what it must have: skipped, counted, and named to the
/// person importing.
public struct SkippedRow: Sendable, Hashable, CustomStringConvertible {
    /// The file it is in (`Posts.xml`).
    public var fileName: String
    /// Its place among the file's rows, from 1.
    public var row: Int
    /// Why it was skipped (`invalid UTF-8 in Body`).
    public var reason: String

    /// "Posts.xml row 1,234: invalid UTF-8 in Body"
    public var description: String { "\(fileName) row \(ImportProgress.grouped(row)): \(reason)" }
}
