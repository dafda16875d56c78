/// The grapheme of one cell packed into 64 bits: up to three code points of 21 bits each, no heap storage.
///
/// A frame is thousands of cells copied, compared and painted; a `String` per cell made every copy a
/// reference-count dance and every comparison a string comparison. After `TerminalGrapheme` has normalised
/// a cluster, three code points cover what the screen shows (a letter with two marks, a flag, Hangul
/// syllables); the rest of a longer cluster is dropped there. 0 is the continuation cell of a wide character.
public struct Glyph: Hashable, Sendable, Sequence {
    public let bits: UInt64

    /// The right half of a wide character.
    public static let continuation = Glyph(bits: 0)
    public static let space = Glyph(bits: 0x20)

    init(bits: UInt64) {
        self.bits = bits
    }

    /// The first three code points of `text`'s first character (`""` is the continuation glyph).
    public init(_ text: some StringProtocol) {
        var bits: UInt64 = 0
        var shift: UInt64 = 0
        for scalar in text.unicodeScalars.prefix(3) {
            bits |= UInt64(scalar.value) << shift
            shift += 21
        }
        self.bits = bits
    }

    /// One code point.
    public init(_ scalar: Unicode.Scalar) {
        bits = UInt64(scalar.value)
    }

    /// The byte of a printable ASCII glyph (space through `~`), else nil.
    @inlinable public var asciiByte: UInt8? {
        bits >= 0x20 && bits < 0x7F ? UInt8(truncatingIfNeeded: bits) : nil
    }

    public var isContinuation: Bool { bits == 0 }

    /// The code points, in order.
    public func makeIterator() -> Iterator { Iterator(rest: bits) }

    public struct Iterator: IteratorProtocol {
        var rest: UInt64
        public mutating func next() -> Unicode.Scalar? {
            guard rest != 0 else { return nil }
            let value = UInt32(rest & 0x1F_FFFF)
            rest >>= 21
            return Unicode.Scalar(value)
        }
    }

    /// The grapheme as a string.
    public var text: String {
        var scalars = String.UnicodeScalarView()
        for scalar in self { scalars.append(scalar) }
        return String(scalars)
    }
}
