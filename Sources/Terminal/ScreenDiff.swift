public import Browser

/// Which parts of the screen changed between two frames: runs of cells to repaint, row by row.
///
/// Pure, so it is tested without a terminal. A run never starts on the right half of a wide
/// character nor ends on its left half, because a terminal can only draw the character whole.
public struct ScreenDiff: Hashable, Sendable {
    /// Columns `columns` of `row` differ from the previous frame.
    public struct Run: Hashable, Sendable {
        public var row: Int
        public var columns: Range<Int>

        public init(row: Int, columns: Range<Int>) {
            self.row = row
            self.columns = columns
        }
    }

    public let runs: [Run]

    /// The runs that turn `old` into `new`; every row whole when there is no comparable old frame.
    public init(from old: ScreenBuffer?, to new: ScreenBuffer) {
        guard let old, old.width == new.width, old.height == new.height else {
            runs = new.width == 0 ? [] : (0..<new.height).map { Run(row: $0, columns: 0..<new.width) }
            return
        }
        var runs: [Run] = []
        for row in 0..<new.height {
            var column = 0
            while column < new.width {
                guard old[row, column] != new[row, column] else { column += 1; continue }
                var start = column
                var end = column + 1
                while end < new.width, old[row, end] != new[row, end] { end += 1 }
                if new[row, start].isContinuation || old[row, start].isContinuation, start > 0 { start -= 1 }
                while end < new.width, new[row, end].isContinuation || old[row, end].isContinuation { end += 1 }
                if let last = runs.last, last.row == row, last.columns.upperBound >= start {
                    runs[runs.count - 1].columns = last.columns.lowerBound..<max(end, last.columns.upperBound)
                } else {
                    runs.append(Run(row: row, columns: start..<end))
                }
                column = end
            }
        }
        self.runs = runs
    }

    /// True when nothing needs repainting.
    public var isEmpty: Bool { runs.isEmpty }

    /// How many cells the runs cover.
    public var cellCount: Int { runs.reduce(0) { $0 + $1.columns.count } }
}
