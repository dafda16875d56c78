import Images
import Testing

/// Each pixel protocol's bytes for the 4×4 test picture, against checked-in expected output.
struct ProtocolBytesTests {
    @Test func kittyTransmitsPlacesHidesAndDeletesById() throws {
        try FixtureFile.expect(KittyGraphics.transmit(TestImages.quadrants, id: 7), matches: "kitty-transmit-4x4.txt")
        try FixtureFile.expect(KittyGraphics.place(id: 7, placement: 2, columns: 1, rows: 1), matches: "kitty-place.txt")
        try FixtureFile.expect(KittyGraphics.hide(id: 7), matches: "kitty-hide.txt")
        try FixtureFile.expect(KittyGraphics.delete(id: 7), matches: "kitty-delete.txt")
    }

    @Test func kittyChunksAreAtMost4096BytesOfBase64() {
        let noisy = RGBAImage(width: 64, height: 64) { x, y in
            let v = UInt32(truncatingIfNeeded: (x &* 7919) ^ (y &* 104_729) &* 2_654_435_761)
            return RGBA(red: UInt8(v & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v >> 16 & 0xFF))
        }
        let text = String(decoding: KittyGraphics.transmit(noisy, id: 1), as: UTF8.self)
        let escapes = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(escapes.count > 1)
        for (index, escape) in escapes.enumerated() {
            let payload = escape.split(separator: ";", maxSplits: 1)[1]
            #expect(payload.count <= 4096)
            #expect(escape.contains(index == escapes.count - 1 ? "m=0" : "m=1"))
            #expect(escape.contains("i=1") == (index == 0))
        }
    }

    @Test func sixelHasAPaletteAndBands() throws {
        try FixtureFile.expect(SixelEncoder().encode(TestImages.quadrants), matches: "sixel-4x4.txt")
        let text = String(decoding: SixelEncoder().encode(TestImages.quadrants), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;4;4#0;2;0;0;100"))
    }

    @Test func sixelKeepsToTheRegistersTheTerminalReported() {
        let image = TestImages.gradient(width: 32, height: 12)
        let text = String(decoding: SixelEncoder(registers: 16).encode(image), as: UTF8.self)
        let definitions = text.split(separator: "#").filter { $0.contains(";2;") }
        #expect(definitions.count == 16)
        #expect(!text.contains("#16"))
    }

    @Test func iTermSendsTheFileItself() throws {
        let file = ImageEncoder.png(TestImages.quadrants)
        try FixtureFile.expect(ITermInlineImage.draw(file: file, columns: 1, rows: 1), matches: "iterm-4x4.txt")
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Ga=d\u{1B}\\".utf8))
        #expect(String(decoding: wrapped, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\")
    }
}
