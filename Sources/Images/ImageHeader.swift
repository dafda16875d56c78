/// What a picture's header declares, read without decoding a pixel: enough to refuse a bomb before the decoder runs.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The header of `bytes`: its format sniffed, its declared size read.
    public static func read(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard let format = ImageFormat.sniff(bytes) else { throw .unknownFormat }
        let size: (Int, Int)
        switch format {
        case .png: size = try png(bytes)
        case .jpeg: size = try jpeg(bytes)
        case .gif: size = try gif(bytes)
        case .webp: size = try webp(bytes)
        }
        guard size.0 > 0, size.1 > 0 else { throw .brokenHeader(format, "it declares \(size.0)×\(size.1) pixels") }
        return ImageHeader(format: format, width: size.0, height: size.1)
    }

    /// PNG: the IHDR chunk must come first, its width and height big-endian.
    private static func png(_ b: [UInt8]) throws(ImageProblem) -> (Int, Int) {
        guard b.count >= 24 else { throw .brokenHeader(.png, "cut short") }
        guard b[12..<16].elementsEqual("IHDR".utf8) else { throw .brokenHeader(.png, "no IHDR chunk first") }
        return (bigEndian32(b, 16), bigEndian32(b, 20))
    }

    /// JPEG: the markers walked to the first start-of-frame, whose segment holds the height, then the width.
    private static func jpeg(_ b: [UInt8]) throws(ImageProblem) -> (Int, Int) {
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { throw .brokenHeader(.jpeg, "no marker at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            i += 2
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            guard marker != 0xD9, marker != 0xDA else { throw .brokenHeader(.jpeg, "no frame before the image data") }
            guard i + 1 < b.count else { break }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            guard length >= 2 else { throw .brokenHeader(.jpeg, "a segment of length \(length)") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard i + 7 <= b.count else { break }
                return (Int(b[i + 5]) << 8 | Int(b[i + 6]), Int(b[i + 3]) << 8 | Int(b[i + 4]))
            }
            i += length
        }
        throw .brokenHeader(.jpeg, "cut short before its frame header")
    }

    /// GIF: the logical screen's width and height, little-endian.
    private static func gif(_ b: [UInt8]) throws(ImageProblem) -> (Int, Int) {
        guard b.count >= 13 else { throw .brokenHeader(.gif, "cut short") }
        return (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8)
    }

    /// WebP: the size in the first chunk, which is lossy (VP8), lossless (VP8L) or extended (VP8X).
    private static func webp(_ b: [UInt8]) throws(ImageProblem) -> (Int, Int) {
        guard b.count >= 30 else { throw .brokenHeader(.webp, "cut short") }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { throw .brokenHeader(.webp, "no VP8 start code") }
            return ((Int(b[26]) | Int(b[27]) << 8) & 0x3FFF, (Int(b[28]) | Int(b[29]) << 8) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { throw .brokenHeader(.webp, "no VP8L signature") }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ((Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16) + 1, (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16) + 1)
        default:
            throw .brokenHeader(.webp, "unknown first chunk \"\(chunk)\"")
        }
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}
