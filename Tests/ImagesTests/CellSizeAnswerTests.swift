import Images
import Testing

/// One cell's size in pixels: the terminal's answer to `CSI 16 t` read (a garbled or partial one left unknown), and
/// the size found from the window's pixels, else that answer, else 8×16.
struct CellSizeAnswerTests {
    static func answered(_ text: String) -> PixelSize? { GraphicsProbeAnswers.parse(Array(text.utf8)).cellSize }

    @Test func theAnswerGivesHeightThenWidth() {
        #expect(Self.answered("\u{1B}[6;20;10t") == PixelSize(width: 10, height: 20))
        // Among the other answers, in any order.
        let all = GraphicsProbeAnswers.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;24;12t\u{1B}[?2;0;640;480S\u{1B}[?62;4c".utf8))
        #expect(all.cellSize == PixelSize(width: 12, height: 24))
        #expect(all.maxSixelGeometry == PixelSize(width: 640, height: 480))
        #expect(all.kittyGraphics == true && all.hasSixel && all.isComplete)
    }

    @Test func garbledOrPartialAnswersLeaveItUnknown() {
        for garbage in [
            "\u{1B}[6;20t", "\u{1B}[6;20;", "\u{1B}[6;0;10t", "\u{1B}[6;20;0t", "\u{1B}[4;600;800t", "\u{1B}[6;20;10;3t",
            "\u{1B}[6;99999;10t", "\u{1B}[6;2x;10t", "6;20;10t", "\u{1B}[?6;20;10t", "",
        ] {
            #expect(Self.answered(garbage) == nil, "\(garbage.debugDescription)")
        }
        // A garbled cell size costs only itself: DA1 after it still ends the wait.
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}[6;20t\u{1B}[?62;22c".utf8)).isComplete)
    }

    @Test func xtsmgraphicsWithAZeroGeometryIsNoLimit() {
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}[?2;0;0;0S".utf8)).maxSixelGeometry == nil)
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}[?2;0;800S".utf8)).maxSixelGeometry == nil, "partial")
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}[?2;3;0;0S".utf8)).maxSixelGeometry == nil, "an error status")
    }

    @Test func theWindowsPixelsComeFirstThenTheAnswerThenEightBySixteen() {
        let window = FoundCellSize.find(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480, answered: PixelSize(width: 12, height: 24))
        #expect(window == FoundCellSize(cell: CellSize(width: 10, height: 20), source: .window))
        let answer = FoundCellSize.find(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0, answered: PixelSize(width: 12, height: 24))
        #expect(answer == FoundCellSize(cell: CellSize(width: 12, height: 24), source: .terminalAnswer))
        let assumed = FoundCellSize.find(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0, answered: nil)
        #expect(assumed == FoundCellSize(cell: CellSize(width: 8, height: 16), source: .assumed))
        // Pixels smaller than the cells are not pixels.
        #expect(FoundCellSize.find(columns: 80, rows: 24, pixelWidth: 40, pixelHeight: 12, answered: nil).source == .assumed)
        #expect(answer.description == "12×24 pixels (the terminal's answer to CSI 16 t)")
        #expect(assumed.description == "8×16 pixels (assumed: the terminal did not say)")
        #expect(window.description == "10×20 pixels (the window's pixel size)")
    }

    @Test func aResizeReadsTheWindowAgainAndElseKeepsWhatWasFound() {
        let answer = FoundCellSize(cell: CellSize(width: 12, height: 24), source: .terminalAnswer)
        #expect(answer.resized(columns: 100, rows: 30, pixelWidth: 0, pixelHeight: 0) == answer)
        #expect(answer.resized(columns: 100, rows: 30, pixelWidth: 1400, pixelHeight: 840)
            == FoundCellSize(cell: CellSize(width: 14, height: 28), source: .window))
    }
}
