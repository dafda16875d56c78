/// The questions asked of a terminal at start-up to learn what pictures it draws, and the parsing of its answers.
///
/// The kitty query comes first and DA1 last: every terminal answers DA1, so its answer marks the end of the replies
/// (a terminal without kitty graphics says nothing to the query).
public enum GraphicsProbe {
    /// XTSMGRAPHICS: read the number of colour registers, then the largest sixel image.
    public static let colourRegistersQuery = Array("\u{1B}[?1;1;0S".utf8)
    public static let geometryQuery = Array("\u{1B}[?2;1;0S".utf8)
    /// The size of one cell in pixels (xterm's window operation 16), answered `CSI 6 ; height ; width t`.
    public static let cellSizeQuery = Array("\u{1B}[16t".utf8)
    /// Primary device attributes.
    public static let deviceAttributesQuery = Array("\u{1B}[c".utf8)

    /// All the queries in the order they are sent (DA1 last), wrapped for tmux's passthrough when `insideTmux`.
    public static func queries(insideTmux: Bool) -> [UInt8] {
        let graphics = Array(KittyGraphics.query.dropLast(deviceAttributesQuery.count)) + colourRegistersQuery + geometryQuery
            + cellSizeQuery
        return (insideTmux ? TmuxPassthrough.wrap(graphics) + TmuxPassthrough.wrap(deviceAttributesQuery) : graphics)
            + (insideTmux ? [] : deviceAttributesQuery)
    }
}

/// What a terminal answered to the graphics probes: nil where it said nothing.
public struct GraphicsProbeAnswers: Sendable, Equatable {
    /// The kitty query's answer: true for `OK`, false for an error message.
    public var kittyGraphics: Bool?
    /// DA1's attributes (`ESC [ ? 62 ; 4 ; 22 c` → [62, 4, 22]).
    public var deviceAttributes: [Int]?
    /// XTSMGRAPHICS: the colour registers.
    public var colourRegisters: Int?
    /// XTSMGRAPHICS: the largest sixel image, in pixels.
    public var maxSixelGeometry: PixelSize?
    /// `CSI 16 t`: one cell's size in pixels; nil when unanswered, or answered with a size no cell has.
    public var cellSize: PixelSize?

    public init(
        kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil, colourRegisters: Int? = nil, maxSixelGeometry: PixelSize? = nil,
        cellSize: PixelSize? = nil
    ) {
        self.kittyGraphics = kittyGraphics
        self.deviceAttributes = deviceAttributes
        self.colourRegisters = colourRegisters
        self.maxSixelGeometry = maxSixelGeometry
        self.cellSize = cellSize
    }

    /// The largest cell a terminal is believed to answer: a bigger one is a garbled answer, not a font.
    public static let largestCell = 512

    /// DA1 lists attribute 4: sixel graphics.
    public var hasSixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// Whether DA1 has been answered: the sign that every other answer is in.
    public var isComplete: Bool { deviceAttributes != nil }

    /// The answers found in `bytes` (what the terminal wrote back, in any order, with anything else between).
    public static func parse(_ bytes: [UInt8]) -> GraphicsProbeAnswers {
        var answers = GraphicsProbeAnswers()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { i += 1; continue }
            if bytes[i + 1] == UInt8(ascii: "_"), let end = stringTerminator(bytes, from: i + 2) {
                answers.readKitty(bytes[(i + 2)..<end])
                i = end + 2
            } else if bytes[i + 1] == UInt8(ascii: "["), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "?"),
                      let (parameters, final, end) = controlSequence(bytes, from: i + 3) {
                answers.readReport(parameters, final: final)
                i = end + 1
            } else if bytes[i + 1] == UInt8(ascii: "["), let (parameters, final, end) = controlSequence(bytes, from: i + 2) {
                answers.readWindowReport(parameters, final: final)
                i = end + 1
            } else {
                i += 1
            }
        }
        return answers
    }

    /// `G i=31;OK`: the kitty query's answer, any other id ignored.
    private mutating func readKitty(_ body: ArraySlice<UInt8>) {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("G") else { return }
        let parts = text.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts[0].split(separator: ",")
        guard keys.contains("i=31") else { return }
        kittyGraphics = parts.count > 1 && parts[1] == "OK"
    }

    private mutating func readReport(_ parameters: [Int], final: UInt8) {
        switch final {
        case UInt8(ascii: "c"):
            deviceAttributes = parameters
        case UInt8(ascii: "S"):
            guard parameters.count >= 3, parameters[1] == 0 else { return }
            if parameters[0] == 1 { colourRegisters = parameters[2] }
            if parameters[0] == 2, parameters.count >= 4, parameters[2] > 0, parameters[3] > 0 {
                maxSixelGeometry = PixelSize(width: parameters[2], height: parameters[3])
            }
        default:
            break
        }
    }

    /// `CSI 6 ; height ; width t`: the cell's size in pixels. Anything else (a partial answer, a zero, a size no
    /// font has) leaves it unknown.
    private mutating func readWindowReport(_ parameters: [Int], final: UInt8) {
        guard final == UInt8(ascii: "t"), parameters.count == 3, parameters[0] == 6 else { return }
        let (height, width) = (parameters[1], parameters[2])
        guard (1...Self.largestCell).contains(height), (1...Self.largestCell).contains(width) else { return }
        cellSize = PixelSize(width: width, height: height)
    }

    /// The index of the `ESC \` that ends a string begun before `from`.
    private static func stringTerminator(_ bytes: [UInt8], from: Int) -> Int? {
        var j = from
        while j + 1 < bytes.count {
            if bytes[j] == 0x1B, bytes[j + 1] == UInt8(ascii: "\\") { return j }
            j += 1
        }
        return nil
    }

    /// The numbers and final byte of a control sequence whose parameters start at `from`.
    private static func controlSequence(_ bytes: [UInt8], from: Int) -> ([Int], UInt8, Int)? {
        var numbers: [Int] = []
        var current = 0
        var j = from
        while j < bytes.count {
            let byte = bytes[j]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(1_000_000, current * 10 + Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: ";"):
                numbers.append(current)
                current = 0
            case 0x40...0x7E:
                numbers.append(current)
                return (numbers, byte, j)
            default:
                return nil
            }
            j += 1
        }
        return nil
    }
}

/// A size in pixels.
public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
