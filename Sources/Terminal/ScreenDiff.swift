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
        var runs: [Run] = []
        Self.forEachRun(from: old, to: new) { runs.append($0) }
        self.runs = runs
    }

    /// Calls `body` with each run that turns `old` into `new`, in order, without collecting them (the
    /// painter's path: no allocation per frame).
    ///
    /// A row for which `isUnchanged` says true is skipped whole, its cells not compared (the painter passes a
    /// comparison of the two frames' row hashes, `rowHashes`).
    public static func forEachRun(
        from old: ScreenBuffer?, to new: ScreenBuffer, isUnchanged: (Int) -> Bool = { _ in false }, _ body: (Run) -> Void
    ) {
        guard let old, old.width == new.width, old.height == new.height else {
            if new.width > 0 { for row in 0..<new.height { body(Run(row: row, columns: 0..<new.width)) } }
            return
        }
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                let width = new.width
                for row in 0..<new.height where !isUnchanged(row) {
                    let base = row * width
                    var pending: Run?
                    var column = 0
                    while column < width {
                        guard oldCells[base + column] != newCells[base + column] else { column += 1; continue }
                        var start = column
                        var end = column + 1
                        while end < width, oldCells[base + end] != newCells[base + end] { end += 1 }
                        if start > 0, newCells[base + start].isContinuation || oldCells[base + start].isContinuation { start -= 1 }
                        while end < width, newCells[base + end].isContinuation || oldCells[base + end].isContinuation { end += 1 }
                        if let last = pending, last.columns.upperBound >= start {
                            pending = Run(row: row, columns: last.columns.lowerBound..<max(end, last.columns.upperBound))
                        } else {
                            if let last = pending { body(last) }
                            pending = Run(row: row, columns: start..<end)
                        }
                        column = end
                    }
                    if let last = pending { body(last) }
                }
            }
        }
    }

    /// A 64-bit hash of each row of `buffer` (FNV-1a over each cell's glyph and style), written into `hashes`.
    ///
    /// Two frames' rows with equal hashes are taken as equal without comparing their cells; a collision (one in
    /// 2^64 per changed row) would leave that row unpainted until it changes again.
    public static func rowHashes(of buffer: ScreenBuffer, into hashes: inout [UInt64]) {
        hashes.removeAll(keepingCapacity: true)
        let width = buffer.width
        buffer.cells.withUnsafeBufferPointer { cells in
            for row in 0..<buffer.height {
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for index in row * width..<(row + 1) * width {
                    let cell = cells[index]
                    hash = (hash ^ cell.glyph.bits) &* 0x0000_0100_0000_01B3
                    hash = (hash ^ UInt64(cell.style.bits)) &* 0x0000_0100_0000_01B3
                }
                hashes.append(hash)
            }
        }
    }

    /// True when nothing needs repainting.
    public var isEmpty: Bool { runs.isEmpty }

    /// How many cells the runs cover.
    public var cellCount: Int { runs.reduce(0) { $0 + $1.columns.count } }
}
