import Browser
import Terminal
import Testing

/// The painter's per-row hashes: equal rows hash alike, a change of glyph or of style shows, and a row whose
/// hash did not change is skipped whole by the diff.
struct RowHashTests {
    private func hashes(_ buffer: ScreenBuffer) -> [UInt64] {
        var hashes: [UInt64] = []
        ScreenDiff.rowHashes(of: buffer, into: &hashes)
        return hashes
    }

    @Test func equalRowsHashAlikeAndAChangedCellChangesItsRowOnly() {
        var old = ScreenBuffer(width: 12, height: 3)
        old.put("same text", row: 0, column: 0)
        old.put("same text", row: 1, column: 0)
        let before = hashes(old)
        #expect(before[0] == before[1])
        var glyph = old
        glyph.put("x", row: 1, column: 3)
        #expect(hashes(glyph)[1] != before[1])
        #expect(hashes(glyph)[0] == before[0])
        var styled = old
        styled.put("s", row: 1, column: 0, style: CellStyle(.bold))
        #expect(hashes(styled)[1] != before[1])
        var role = old
        role.put("s", row: 1, column: 0, style: CellStyle(role: .title))
        #expect(hashes(role)[1] != hashes(styled)[1])
        #expect(hashes(role)[1] != before[1])
    }

    @Test func aRowTheCallerCallsUnchangedIsNotCompared() {
        var old = ScreenBuffer(width: 8, height: 3)
        old.put("aaaa", row: 0, column: 0)
        var new = old
        new.put("bbbb", row: 0, column: 0)
        new.put("cccc", row: 2, column: 0)
        var runs: [ScreenDiff.Run] = []
        ScreenDiff.forEachRun(from: old, to: new, isUnchanged: { $0 == 0 }) { runs.append($0) }
        #expect(runs == [ScreenDiff.Run(row: 2, columns: 0..<4)])
    }

    @Test func everyStyleHasItsOwnIndex() {
        var seen: Set<Int> = []
        let roles: [ThemeRole?] = [nil] + ThemeRole.allCases
        for role in roles {
            for color in CellStyle.Color.allCases {
                for attributes in 0..<16 {
                    let index = CellStyle(CellStyle.Attributes(rawValue: UInt8(attributes)), foreground: color, role: role).index
                    #expect(index != nil && index! < CellStyle.indexCount)
                    if let index { seen.insert(index) }
                }
            }
        }
        #expect(seen.count == roles.count * CellStyle.Color.allCases.count * 16)
    }
}
