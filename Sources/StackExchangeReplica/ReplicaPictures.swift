import Images

/// The replica's pictures, made in code the first time one is asked for (nothing is downloaded or checked in).
struct ReplicaPictures: Sendable {
    let png: [UInt8]
    let jpeg: [UInt8]
    let gif: [UInt8]
    let webp: [UInt8]
    let broken: [UInt8]
    let bomb: [UInt8]

    static let shared = ReplicaPictures()

    /// 96×48: a dark plot area, a rising red curve, a blue band, and a transparent corner.
    static let plot = RGBAImage(width: 96, height: 48) { x, y in
        if x < 8, y < 8 { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        let curve = 44 - (x * x) / 220
        if abs(y - curve) <= 1 { return RGBA(red: 230, green: 40, blue: 40) }
        if (20...26).contains(y) { return RGBA(red: 40, green: 90, blue: 220) }
        return RGBA(red: 24, green: 24, blue: 32)
    }

    /// 64×40: a smooth warm-to-cool gradient, as a photograph has many colours.
    static let photo = RGBAImage(width: 64, height: 40) { x, y in
        RGBA(red: UInt8(255 - x * 3), green: UInt8(80 + y * 3), blue: UInt8(60 + x * 2 + y))
    }

    /// 32×32: four flat quadrants, as a diagram's blocks.
    static let diagram = RGBAImage(width: 32, height: 32) { x, y in
        switch (x < 16, y < 16) {
        case (true, true): RGBA(red: 250, green: 200, blue: 0)
        case (false, true): RGBA(red: 0, green: 160, blue: 80)
        case (true, false): RGBA(red: 0, green: 120, blue: 200)
        case (false, false): RGBA(red: 240, green: 240, blue: 240)
        }
    }

    /// 640×480: a window's screenshot, title bar and text lines on a light ground; made the first time it is asked for.
    static let screenshotPNG = ImageEncoder.png(RGBAImage(width: 640, height: 480) { x, y in
        if y < 24 { return RGBA(red: 60, green: 70, blue: 90) }
        if y % 20 < 8, x > 16, x < 16 + (y * 7 + 200) % 560 { return RGBA(red: 30, green: 30, blue: 30) }
        return RGBA(red: UInt8(230 - y / 20), green: 232, blue: UInt8(220 + x / 64))
    })

    private init() {
        png = ImageEncoder.png(Self.plot)
        // The replica's own pictures cannot fail to encode unless a library is missing; an empty body then serves
        // as a broken file, which is what a client would meet.
        jpeg = (try? ImageEncoder.jpeg(Self.photo, quality: 85)) ?? []
        webp = (try? ImageEncoder.webp(Self.diagram)) ?? []
        gif = Self.twoFrames(ImageEncoder.gif(Self.diagram), ImageEncoder.gif(RGBAImage(width: 32, height: 32) { _, _ in RGBA(red: 200, green: 0, blue: 0) }))
        broken = Array(png.prefix(png.count * 2 / 3))
        bomb = ImageEncoder.pngHeader(width: 100_000, height: 100_000, body: [UInt8](repeating: 0, count: 4096))
    }

    /// `first`'s screen and frame followed by `second`'s frame (same-size GIFs of the writer's layout).
    private static func twoFrames(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
        let frameStart = 13 + 256 * 3
        return Array(first.dropLast()) + second[frameStart..<(second.count - 1)] + [0x3B]
    }
}
