import Images
import Testing

struct ImageFormsTests {
    let red = RGB(red: 255, green: 0, blue: 0), green = RGB(red: 0, green: 255, blue: 0)
    let blue = RGB(red: 0, green: 0, blue: 255), white = RGB(red: 255, green: 255, blue: 255)

    @Test func halfBlocksGiveEachCellItsUpperAndLowerColour() {
        let fit = ImageFit(columns: 2, rows: 1, pixelWidth: 4, pixelHeight: 4)
        let cells = BlockRenderer(style: .half, depth: .trueColour).render(TestImages.quadrants, fit: fit)
        #expect(cells.rows.count == 1)
        // Red over blue: split on red (the first of the widest channels), the upper half is the glyph.
        #expect(cells.rows[0][0] == ImageCell(character: "▀", foreground: .rgb(red), background: .rgb(blue)))
        #expect(cells.rows[0][1] == ImageCell(character: "▄", foreground: .rgb(white), background: .rgb(green)))
    }

    @Test func quadrantsDrawFourColoursInOneCellAsTwo() {
        let fit = ImageFit(columns: 1, rows: 1, pixelWidth: 4, pixelHeight: 4)
        let cells = BlockRenderer(style: .quadrant, depth: .trueColour).render(TestImages.quadrants, fit: fit)
        let cell = cells.rows[0][0]
        // Split on red: {red, white} (upper left, lower right) against {green, blue}.
        #expect(cell.character == "▚")
        #expect(cell.foreground == .rgb(RGB(red: 255, green: 127, blue: 127)))
        #expect(cell.background == .rgb(RGB(red: 0, green: 127, blue: 127)))
    }

    @Test func sextantsCoverEveryPatternWithOneCharacterEach() {
        var seen = Set<Character>()
        for mask in 1..<63 { seen.insert(BlockRendererProbe.sextant(mask)) }
        #expect(seen.count == 62 && !seen.contains(" "))
        #expect(BlockRendererProbe.sextant(1) == "\u{1FB00}")
        #expect(BlockRendererProbe.sextant(62) == "\u{1FB3B}")
        #expect(BlockRendererProbe.sextant(21) == "▌")
    }

    @Test func twoHundredFiftySixColoursUseThePalette() {
        let fit = ImageFit(columns: 2, rows: 1, pixelWidth: 4, pixelHeight: 4)
        let cells = BlockRenderer(style: .half, depth: .palette256).render(TestImages.quadrants, fit: fit)
        // Pure red and blue are the cube's 196 and 21; white and green 231 and 46.
        #expect(cells.rows[0][0] == ImageCell(character: "▀", foreground: .palette(196), background: .palette(21)))
        #expect(cells.rows[0][1] == ImageCell(character: "▄", foreground: .palette(231), background: .palette(46)))
    }

    @Test func transparentPixelsShowTheBackground() {
        let clear = RGBAImage(width: 1, height: 2) { _, _ in RGBA(red: 255, green: 255, blue: 255, alpha: 0) }
        let fit = ImageFit(columns: 1, rows: 1, pixelWidth: 1, pixelHeight: 2)
        let cells = BlockRenderer(style: .half, depth: .trueColour, background: RGB(red: 10, green: 20, blue: 30)).render(clear, fit: fit)
        #expect(cells.rows[0][0] == ImageCell(character: " ", foreground: .rgb(RGB(red: 10, green: 20, blue: 30)), background: .rgb(RGB(red: 10, green: 20, blue: 30))))
    }

    @Test func shadesAreASCIIWithoutColour() {
        let ramp = RGBAImage(width: 10, height: 1) { x, _ in let v = UInt8(x * 28); return RGBA(red: v, green: v, blue: v) }
        let cells = ShadeRenderer().render(ramp, fit: ImageFit(columns: 10, rows: 1, pixelWidth: 10, pixelHeight: 1))
        #expect(cells.text == " .:-=+*#%@")
        #expect(cells.rows[0].allSatisfy { $0.foreground == .default && $0.background == .default && $0.character.isASCII })
    }

    @Test func aLargerPictureFillsItsFitCellByCell() {
        let image = TestImages.gradient(width: 160, height: 96)
        let fit = ImageFit.fitting(width: 160, height: 96, columns: 10, maxRows: 20)
        let cells = BlockRenderer(style: .sextant, depth: .trueColour).render(image, fit: fit)
        #expect(cells.rows.count == fit.rows && cells.rows.allSatisfy { $0.count == fit.columns })
    }
}

/// The sextant characters, reached through a one-column, one-row render of each pattern.
enum BlockRendererProbe {
    static func sextant(_ mask: Int) -> Character {
        let image = RGBAImage(width: 2, height: 3) { x, y in mask & (1 << (y * 2 + x)) != 0 ? RGBA(red: 255, green: 255, blue: 255) : RGBA(red: 0, green: 0, blue: 0) }
        return BlockRenderer(style: .sextant, depth: .trueColour).render(image, fit: ImageFit(columns: 1, rows: 1, pixelWidth: 2, pixelHeight: 3))
            .rows[0][0].character
    }
}
