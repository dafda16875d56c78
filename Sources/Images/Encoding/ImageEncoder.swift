internal import CLazyImages
internal import CZlib

/// Pixels to a file in each format: for the replica's pictures and for tests, never for what the browser shows.
public enum ImageEncoder {
    /// A PNG of `image` (RGBA, 8 bits, one IDAT).
    public static func png(_ image: RGBAImage) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 4 + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)
            raw += image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
        }
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate(raw)) + chunk("IEND", [])
    }

    /// A PNG header alone that declares `width × height`: a decompression bomb's opening, for tests.
    public static func pngHeader(width: UInt32, height: UInt32, body: [UInt8] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", deflate(body)) + chunk("IEND", [])
    }

    /// A GIF89a of `image`'s colours (at most 256 distinct; more are mapped to the 6×6×6 cube), uncompressed LZW.
    public static func gif(_ image: RGBAImage) -> [UInt8] {
        var palette: [RGB] = []
        var lookup: [RGB: Int] = [:]
        var indices: [Int] = []
        var distinct = Set<RGB>()
        for y in 0..<image.height { for x in 0..<image.width { let p = image[x, y]; distinct.insert(RGB(red: p.red, green: p.green, blue: p.blue)) } }
        let quantise = distinct.count > 256
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                var rgb = RGB(red: p.red, green: p.green, blue: p.blue)
                if quantise { rgb = RGB(red: p.red / 51 * 51, green: p.green / 51 * 51, blue: p.blue / 51 * 51) }
                if let index = lookup[rgb] { indices.append(index) } else {
                    lookup[rgb] = palette.count
                    indices.append(palette.count)
                    palette.append(rgb)
                }
            }
        }
        while palette.count < 256 { palette.append(.black) }
        var out = Array("GIF89a".utf8) + littleEndian16(image.width) + littleEndian16(image.height) + [0xF7, 0, 0]
        for colour in palette { out += [colour.red, colour.green, colour.blue] }
        out += [0x2C] + littleEndian16(0) + littleEndian16(0) + littleEndian16(image.width) + littleEndian16(image.height) + [0]
        out.append(8)
        out += uncompressedLZW(indices)
        out += [0x3B]
        return out
    }

    /// A baseline JPEG of `image` (alpha dropped), through libjpeg loaded on first use.
    public static func jpeg(_ image: RGBAImage, quality: Int = 90) throws(ImageProblem) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { rgb += image.pixels[i..<(i + 3)] }
        return try encoded(.jpeg) { output, length, reason, size in
            stackterm_image_encode_jpeg(rgb, UInt32(image.width), UInt32(image.height), Int32(quality), output, length, reason, size)
        }
    }

    /// A lossless WebP of `image`, through libwebp loaded on first use.
    public static func webp(_ image: RGBAImage) throws(ImageProblem) -> [UInt8] {
        try encoded(.webp) { output, length, reason, size in
            stackterm_image_encode_webp(image.pixels, UInt32(image.width), UInt32(image.height), output, length, reason, size)
        }
    }

    private static func encoded(
        _ format: ImageFormat,
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(ImageProblem) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var reason = [CChar](repeating: 0, count: 512)
        let status = call(&output, &length, &reason, reason.count)
        guard status == 0, let output else {
            throw .undecodable(format, String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { stackterm_image_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// LZW codes of 9 bits with a clear code before the table would grow: valid GIF data without compressing.
    private static func uncompressedLZW(_ indices: [Int]) -> [UInt8] {
        let clear = 256, end = 257
        var bits = BitWriter()
        var sinceClear = 0
        bits.write(clear, width: 9)
        for index in indices {
            if sinceClear == 250 {
                bits.write(clear, width: 9)
                sinceClear = 0
            }
            bits.write(index, width: 9)
            sinceClear += 1
        }
        bits.write(end, width: 9)
        let data = bits.flushed
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let count = min(255, data.count - start)
            out.append(UInt8(count))
            out += data[start..<(start + count)]
            start += count
        }
        out.append(0)
        return out
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        private var accumulator = 0
        private var count = 0

        mutating func write(_ value: Int, width: Int) {
            accumulator |= value << count
            count += width
            while count >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                count -= 8
            }
        }

        var flushed: [UInt8] { count > 0 ? bytes + [UInt8(accumulator & 0xFF)] : bytes }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), 9)
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        return Array(out.prefix(Int(size)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
