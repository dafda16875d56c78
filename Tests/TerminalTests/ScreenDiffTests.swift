import Browser
import Terminal
import Testing

/// Which cells the painter repaints between frames.
struct ScreenDiffTests {
    @Test func firstFrameRepaintsEveryRow() {
        let buffer = ScreenBuffer(width: 5, height: 3)
        let diff = ScreenDiff(from: nil, to: buffer)
        #expect(diff.runs == (0..<3).map { ScreenDiff.Run(row: $0, columns: 0..<5) })
    }

    @Test func aSizeChangeRepaintsEverything() {
        let diff = ScreenDiff(from: ScreenBuffer(width: 4, height: 2), to: ScreenBuffer(width: 5, height: 2))
        #expect(diff.cellCount == 10)
    }

    @Test func identicalFramesRepaintNothing() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        buffer.put("hello", row: 1, column: 2)
        #expect(ScreenDiff(from: buffer, to: buffer).isEmpty)
    }

    @Test func onlyTheChangedCellsOfARow() {
        var old = ScreenBuffer(width: 10, height: 3)
        old.put("abcdef", row: 1, column: 0)
        var new = old
        new.put("X", row: 1, column: 2)
        new.put("Y", row: 2, column: 9)
        #expect(ScreenDiff(from: old, to: new).runs == [
            ScreenDiff.Run(row: 1, columns: 2..<3), ScreenDiff.Run(row: 2, columns: 9..<10),
        ])
    }

    @Test func aStyleChangeIsAChange() {
        var old = ScreenBuffer(width: 6, height: 1)
        old.put("abc", row: 0, column: 0)
        var new = ScreenBuffer(width: 6, height: 1)
        new.put("abc", row: 0, column: 0, style: CellStyle(.reverse))
        #expect(ScreenDiff(from: old, to: new).runs == [ScreenDiff.Run(row: 0, columns: 0..<3)])
    }

    @Test func aWideCharacterIsRepaintedWhole() {
        var old = ScreenBuffer(width: 6, height: 1)
        old.put("a漢b", row: 0, column: 0)
        // Only the right half of 漢 differs: the run must start at its left half.
        var new = old
        new[0, 2] = Cell("z")
        #expect(ScreenDiff(from: old, to: new).runs == [ScreenDiff.Run(row: 0, columns: 1..<3)])

        // A new wide character whose left half is unchanged-looking still includes its right half.
        var before = ScreenBuffer(width: 6, height: 1)
        before.put("ab", row: 0, column: 0)
        var after = ScreenBuffer(width: 6, height: 1)
        after.put("a漢", row: 0, column: 0)
        let wide = ScreenDiff(from: before, to: after).runs
        #expect(wide == [ScreenDiff.Run(row: 0, columns: 1..<3)])
    }
}
