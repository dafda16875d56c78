/// Which block characters draw a cell: how many coloured sub-pixels one cell shows.
public enum BlockStyle: String, Sendable, CaseIterable {
    /// ▀ with two colours: 1×2 sub-pixels; every font has it.
    case half
    /// ▘▝▖▗ and their unions: 2×2 sub-pixels (Unicode 1.1, most fonts).
    case quadrant
    /// 🬀…🬻 (Unicode 13, "Symbols for Legacy Computing"): 2×3 sub-pixels, in fewer fonts.
    case sextant

    var across: Int { self == .half ? 1 : 2 }
    var down: Int { self == .sextant ? 3 : 2 }

    /// The character whose set sub-pixels are the bits of `mask` (bit 0 top left, then left to right, top to bottom).
    func character(_ mask: Int) -> Character {
        switch self {
        case .half:
            return [" ", "▀", "▄", "█"][mask]
        case .quadrant:
            return [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"][mask]
        case .sextant:
            switch mask {
            case 0: return " "
            case 63: return "█"
            case 21: return "▌"
            case 42: return "▐"
            default:
                // U+1FB00 onwards lists the patterns 1…62 in order, without the two half blocks.
                let offset = mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0)
                return Character(Unicode.Scalar(0x1FB00 + offset)!)
            }
        }
    }
}
