/// How many colours the cells may use.
public enum ColourDepth: Sendable, Equatable {
    /// 24-bit colour (COLORTERM=truecolor or 24bit).
    case trueColour
    /// The 256-colour palette.
    case palette256
    /// No colour (NO_COLOR, or 8 colours or fewer): ASCII shades.
    case none

    /// The colour `rgb` is sent as.
    func colour(_ rgb: RGB) -> ImageColour {
        switch self {
        case .trueColour: .rgb(rgb)
        case .palette256: .palette(Self.nearestPaletteIndex(rgb))
        case .none: .default
        }
    }

    /// The nearest of xterm's 6×6×6 cube (16…231) and grey ramp (232…255).
    static func nearestPaletteIndex(_ rgb: RGB) -> UInt8 {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ v: UInt8) -> Int { Int(v) < 48 ? 0 : Int(v) < 115 ? 1 : (Int(v) - 35) / 40 }
        let r = level(rgb.red), g = level(rgb.green), b = level(rgb.blue)
        let cube = RGB(red: UInt8(levels[r]), green: UInt8(levels[g]), blue: UInt8(levels[b]))
        let average = (Int(rgb.red) + Int(rgb.green) + Int(rgb.blue)) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyValue = UInt8(8 + 10 * greyStep)
        let grey = RGB(red: greyValue, green: greyValue, blue: greyValue)
        return grey.distance(to: rgb) < cube.distance(to: rgb) ? UInt8(232 + greyStep) : UInt8(16 + 36 * r + 6 * g + b)
    }
}
