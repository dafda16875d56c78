import Images
import Testing

struct ImageDecoderTests {
    let decoder = ImageDecoder()

    @Test func theFormatIsSniffedFromTheBytes() throws {
        let image = TestImages.quadrants
        #expect(ImageFormat.sniff(ImageEncoder.png(image)) == .png)
        #expect(ImageFormat.sniff(ImageEncoder.gif(image)) == .gif)
        #expect(ImageFormat.sniff(try ImageEncoder.jpeg(image)) == .jpeg)
        #expect(ImageFormat.sniff(try ImageEncoder.webp(image)) == .webp)
        #expect(ImageFormat.sniff(Array("<html>not a picture</html>".utf8)) == nil)
    }

    @Test(arguments: [ImageFormat.png, .gif, .webp])
    func aLosslessFileDecodesToItsPixels(format: ImageFormat) throws {
        let image = TestImages.quadrants
        let bytes: [UInt8] = switch format {
        case .png: ImageEncoder.png(image)
        case .gif: ImageEncoder.gif(image)
        case .webp: try ImageEncoder.webp(image)
        case .jpeg: []
        }
        #expect(try decoder.decode(bytes).get() == image)
    }

    @Test func aJPEGDecodesCloseToItsPixels() throws {
        let image = TestImages.gradient(width: 32, height: 16)
        let decoded = try decoder.decode(try ImageEncoder.jpeg(image, quality: 95)).get()
        #expect(decoded.width == 32 && decoded.height == 16)
        let worst = zip(decoded.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst < 40)
    }

    @Test func aGIFGivesItsFirstFrame() throws {
        var bytes = ImageEncoder.gif(TestImages.quadrants)
        // A second frame, all of palette index 0, before the trailer: the first frame must be what is decoded.
        let trailer = bytes.removeLast()
        let secondFrame = ImageEncoder.gif(RGBAImage(width: 4, height: 4) { _, _ in RGBA(red: 9, green: 9, blue: 9) })
        let descriptorStart = 13 + 256 * 3
        bytes += secondFrame[descriptorStart..<(secondFrame.count - 1)]
        bytes.append(trailer)
        #expect(try decoder.decode(bytes).get() == TestImages.quadrants)
    }

    @Test func aPNGHeaderDeclaring100000By100000IsRefusedBeforeAnyDecode() {
        let bomb = ImageEncoder.pngHeader(width: 100_000, height: 100_000, body: [UInt8](repeating: 0, count: 1000))
        #expect(bomb.count < 200)
        let expected = ImageProblem.tooManyPixels(.png, width: 100_000, height: 100_000, limit: 40_000_000)
        #expect(throws: expected) { try decoder.admit(bomb) }
        // The data after the header is not a valid image: had a decoder run, it would have said so instead.
        #expect(decoder.decode(bomb) == .failure(expected))
    }

    @Test func bombsInTheOtherFormatsAreRefusedFromTheirHeaders() throws {
        var gif = ImageEncoder.gif(TestImages.quadrants)
        gif[6] = 0xFF; gif[7] = 0xFF; gif[8] = 0xFF; gif[9] = 0xFF
        #expect(decoder.decode(gif) == .failure(.tooManyPixels(.gif, width: 65_535, height: 65_535, limit: 40_000_000)))

        var jpeg = try ImageEncoder.jpeg(TestImages.quadrants)
        let frame = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[frame + 5] = 0xEA; jpeg[frame + 6] = 0x60  // height 60,000
        jpeg[frame + 7] = 0xEA; jpeg[frame + 8] = 0x60  // width 60,000
        #expect(decoder.decode(jpeg) == .failure(.tooManyPixels(.jpeg, width: 60_000, height: 60_000, limit: 40_000_000)))

        var webp = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        webp += [0x3F, 0x9C, 0x00, 0x3F, 0x9C, 0x00]  // 40,000 × 40,000
        #expect(decoder.decode(webp) == .failure(.tooManyPixels(.webp, width: 40_000, height: 40_000, limit: 40_000_000)))
    }

    @Test func aBodyOverTheLimitIsRefusedUnread() {
        let small = ImageDecoder(limits: ImageLimits(maxBodyBytes: 100, maxPixels: 40_000_000))
        let bytes = ImageEncoder.png(TestImages.gradient(width: 64, height: 64))
        #expect(small.decode(bytes) == .failure(.bodyTooLarge(bytes: bytes.count, limit: 100)))
    }

    @Test func brokenAndHostileFilesGiveAReason() throws {
        let png = ImageEncoder.png(TestImages.gradient(width: 16, height: 16))
        let cut = Array(png.prefix(png.count / 2))
        guard case let .failure(.undecodable(.png, reason)) = decoder.decode(cut) else {
            Issue.record("a cut PNG decoded")
            return
        }
        #expect(!reason.isEmpty)

        #expect(decoder.decode(Array("GIF89a".utf8)) == .failure(.brokenHeader(.gif, "cut short")))
        #expect(decoder.decode([0xFF, 0xD8, 0xFF, 0xD9]) == .failure(.brokenHeader(.jpeg, "no frame before the image data")))
        #expect(decoder.decode(Array("<html>".utf8)) == .failure(.unknownFormat))

        var jpeg = try ImageEncoder.jpeg(TestImages.gradient(width: 16, height: 16))
        for i in (jpeg.count - 40)..<(jpeg.count - 2) { jpeg[i] = 0xFF }
        _ = decoder.decode(jpeg)  // corrupt scan data: a value either way, never a crash

        var gif = ImageEncoder.gif(TestImages.quadrants)
        gif.removeLast(10)
        guard case .failure(.undecodable(.gif, _)) = decoder.decode(gif) else {
            Issue.record("a cut GIF decoded")
            return
        }

        let webp = try ImageEncoder.webp(TestImages.gradient(width: 64, height: 64))
        guard case .failure(.undecodable(.webp, _)) = decoder.decode(Array(webp.prefix(webp.count * 2 / 3))) else {
            Issue.record("a cut WebP decoded")
            return
        }
    }

    @Test func everyProblemReadsAsOneLine() {
        let problems: [ImageProblem] = [
            .bodyTooLarge(bytes: 11_000_000, limit: 10_000_000), .unknownFormat, .brokenHeader(.png, "cut short"),
            .tooManyPixels(.png, width: 100_000, height: 100_000, limit: 40_000_000), .undecodable(.gif, "GIF: broken"),
        ]
        for problem in problems { #expect(!problem.description.isEmpty && !problem.description.contains("\n")) }
        #expect(ImageProblem.tooManyPixels(.png, width: 100_000, height: 100_000, limit: 40_000_000).description
            == "PNG declares 100000×100000 pixels (at most 40 megapixels)")
    }
}
