/// The messages screen (`M`): every notice and error of the run with its time, in full, scrolled by line.
public struct MessagesScreen: Equatable, Sendable {
    /// The first line shown; clamped to the lines there are when it moves and when drawn.
    public var scroll: Int

    /// Opens at the end, where the newest messages are.
    public init(scroll: Int = .max) {
        self.scroll = scroll
    }

    /// Moves by `lines` (negative: up; `.max`, `.min`: to an end) within `lineCount` lines shown `height` at a time.
    mutating func scroll(by lines: Int, lineCount: Int, height: Int) {
        let bottom = max(0, lineCount - height)
        let start = min(max(0, scroll), bottom)
        let (moved, overflow) = start.addingReportingOverflow(lines)
        scroll = overflow ? (lines > 0 ? bottom : 0) : min(max(0, moved), bottom)
    }
}
