/// A picture as a sixel image: a palette of at most the terminal's colour registers, then bands of six pixel rows,
/// each colour's pixels run-length encoded.
///
/// Written here rather than taken from libsixel or chafa: both bring shared libraries (libsixel its own, chafa
/// glib's) that every start would map, and the encoder is a page of code.
public struct SixelEncoder: Sendable {
    /// The colour registers the terminal has (XTSMGRAPHICS), at most 256 used.
    public var registers: Int

    public init(registers: Int = 256) {
        self.registers = min(256, max(2, registers))
    }

    /// The sixel escape for `image`; pixels more than half transparent are left unset (the background shows).
    public func encode(_ image: RGBAImage) -> [UInt8] {
        let width = image.width, height = image.height
        var opaque = [Bool](repeating: false, count: width * height)
        var colours: [RGB] = []
        colours.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image[x, y]
                opaque[y * width + x] = pixel.alpha >= 128
                colours.append(RGB(red: pixel.red, green: pixel.green, blue: pixel.blue))
            }
        }
        var palette = SixelPalette(zip(colours, opaque).filter(\.1).map(\.0), registers: registers)
        let indices = colours.indices.map { opaque[$0] ? palette.index(of: colours[$0]) : -1 }

        var out = "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
        for (i, colour) in palette.colours.enumerated() {
            func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }
            out += "#\(i);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))"
        }
        var bandStart = 0
        while bandStart < height {
            let bandRows = min(6, height - bandStart)
            var used: [Int] = []
            var seen = Set<Int>()
            for y in bandStart..<(bandStart + bandRows) {
                for x in 0..<width where indices[y * width + x] >= 0 && seen.insert(indices[y * width + x]).inserted {
                    used.append(indices[y * width + x])
                }
            }
            used.sort()
            for (n, register) in used.enumerated() {
                out += "#\(register)"
                var run: (character: Character, count: Int)?
                for x in 0..<width {
                    var bits = 0
                    for dy in 0..<bandRows where indices[(bandStart + dy) * width + x] == register { bits |= 1 << dy }
                    let character = Character(Unicode.Scalar(UInt8(63 + bits)))
                    if let current = run, current.character == character {
                        run = (character, current.count + 1)
                    } else {
                        if let current = run { out += Self.run(current.character, current.count) }
                        run = (character, 1)
                    }
                }
                if let current = run, current.character != "?" { out += Self.run(current.character, current.count) }
                if n < used.count - 1 { out += "$" }
            }
            bandStart += 6
            if bandStart < height { out += "-" }
        }
        out += "\u{1B}\\"
        return Array(out.utf8)
    }

    private static func run(_ character: Character, _ count: Int) -> String {
        count > 3 ? "!\(count)\(character)" : String(repeating: character, count: count)
    }
}
