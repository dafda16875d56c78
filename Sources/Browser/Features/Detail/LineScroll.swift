/// The first line shown of a text taller than its window (the help, the messages screen), moved by the
/// movement actions and kept within the text.
public struct LineScroll: Equatable, Sendable {
    /// The first line shown; clamped to the lines there are when it moves (and by the view when drawn).
    public var top: Int

    public init(top: Int = 0) {
        self.top = top
    }

    /// Moves by `lines` (negative: up; `.max`, `.min`: to an end) within `lineCount` lines shown `height` at a time.
    mutating func move(by lines: Int, lineCount: Int, height: Int) {
        let bottom = max(0, lineCount - height)
        let start = min(max(0, top), bottom)
        let (moved, overflow) = start.addingReportingOverflow(lines)
        top = overflow ? (lines > 0 ? bottom : 0) : min(max(0, moved), bottom)
    }

    /// Moves as the movement `action` says (a page is `height` less a line of context); false for any other action.
    mutating func perform(_ action: Action, lineCount: Int, height: Int) -> Bool {
        let page = max(1, height - 1)
        switch action {
        case .moveUp: move(by: -1, lineCount: lineCount, height: height)
        case .moveDown: move(by: 1, lineCount: lineCount, height: height)
        case .pageUp: move(by: -page, lineCount: lineCount, height: height)
        case .pageDown: move(by: page, lineCount: lineCount, height: height)
        case .first: move(by: .min, lineCount: lineCount, height: height)
        case .last: move(by: .max, lineCount: lineCount, height: height)
        default: return false
        }
        return true
    }
}
