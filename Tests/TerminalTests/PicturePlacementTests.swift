import Browser
import Images
import Terminal
import Testing

/// The pixel forms' placement after each frame, as a value: kitty sends a picture once per question, places it by
/// id as it moves, takes it off the screen when it leaves and deletes it with the question; sixel draws only what is
/// in view, again (over a repainted frame) when it moves.
struct PicturePlacementTests {
    static let file = PictureFile(
        format: .png, width: 16, height: 16, pixels: RGBAImage(width: 16, height: 16) { _, _ in RGBA(red: 255, green: 0, blue: 0) })
    static let fit = ImageFit.fitting(width: 16, height: 16, columns: 80, maxRows: 20)

    static func shown(_ rows: [Int], opening: Int = 1) -> PicturesOnScreen {
        PicturesOnScreen(opening: opening, pictures: rows.enumerated().map { index, row in
            PictureOnScreen(url: "https://i.sstatic.net/\(index).png", file: file, row: row, column: 0, fit: fit)
        })
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func kittySendsOncePlacesByIdHidesAndDeletes() {
        var placement = PicturePlacement(form: .kitty, insideTmux: false)
        let first = Self.text(placement.frame(Self.shown([4])).bytes)
        #expect(first.contains("a=t,f=32,o=z,s=16,v=16,i=1,"))
        #expect(first.contains("\u{1B}[5;1H\u{1B}_Ga=p,i=1,p=1,c=2,r=1,C=1,q=2\u{1B}\\"))
        #expect(first.hasPrefix("\u{1B}7") && first.hasSuffix("\u{1B}8"))
        #expect(placement.frame(Self.shown([4])).bytes.isEmpty, "nothing moved: nothing written")
        let moved = Self.text(placement.frame(Self.shown([2])).bytes)
        #expect(moved.contains("\u{1B}[3;1H\u{1B}_Ga=p,i=1,") && !moved.contains("a=t"))
        #expect(Self.text(placement.frame(Self.shown([])).bytes).contains("\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\"))
        let back = Self.text(placement.frame(Self.shown([4])).bytes)
        #expect(back.contains("a=p,i=1,") && !back.contains("a=t"), "placed again, never sent again")
        let left = placement.frame(nil)
        #expect(Self.text(left.bytes).contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
        #expect(!left.repaint)
        #expect(placement.sentIDs.isEmpty)
    }

    @Test func sixelDrawsWhatIsInViewAndAgainWhenItMoves() {
        var placement = PicturePlacement(form: .sixel(registers: 16), insideTmux: false)
        let first = placement.frame(Self.shown([4, 9]))
        #expect(Self.text(first.bytes).components(separatedBy: "\u{1B}P0;1;0q").count - 1 == 2)
        #expect(!first.repaint)
        #expect(placement.frame(Self.shown([4, 9])).bytes.isEmpty)
        let moved = placement.frame(Self.shown([3]))
        #expect(moved.repaint, "the old pixels go with a repainted frame")
        #expect(Self.text(moved.bytes).components(separatedBy: "\u{1B}P0;1;0q").count - 1 == 1)
        #expect(Self.text(moved.bytes).contains("\u{1B}[4;1H\u{1B}P0;1;0q"))
    }

    @Test func insideTmuxEveryPictureEscapeIsWrappedForPassthrough() {
        var placement = PicturePlacement(form: .kitty, insideTmux: true)
        let bytes = Self.text(placement.frame(Self.shown([0])).bytes)
        #expect(bytes.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t"))
        #expect(bytes.contains("\u{1B}[1;1H\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p"), "the cursor moved by tmux itself, then the picture passed on")
    }

    @Test func aSixelPictureIsReducedToTheTerminalsMaximumGeometry() {
        var unlimited = PicturePlacement(form: .sixel(registers: 16), insideTmux: false)
        #expect(Self.text(unlimited.frame(Self.shown([0])).bytes).contains("\u{1B}P0;1;0q\"1;1;16;16"))
        var limited = PicturePlacement(form: .sixel(registers: 16), insideTmux: false, sixelLimit: PixelSize(width: 8, height: 4))
        let bytes = Self.text(limited.frame(Self.shown([0])).bytes)
        #expect(bytes.contains("\u{1B}P0;1;0q\"1;1;4;4"), "16×16 within 8×4, its aspect kept")
        var roomy = PicturePlacement(form: .sixel(registers: 16), insideTmux: false, sixelLimit: PixelSize(width: 1000, height: 800))
        #expect(Self.text(roomy.frame(Self.shown([0])).bytes).contains("\"1;1;16;16"), "never enlarged")
    }

    @Test func theCapKeepsTheAspect() {
        #expect(PicturePlacement.capped(width: 96, height: 48, to: PixelSize(width: 64, height: 64)) == PixelSize(width: 64, height: 32))
        #expect(PicturePlacement.capped(width: 96, height: 48, to: PixelSize(width: 200, height: 12)) == PixelSize(width: 24, height: 12))
        #expect(PicturePlacement.capped(width: 96, height: 48, to: nil) == PixelSize(width: 96, height: 48))
    }
}
