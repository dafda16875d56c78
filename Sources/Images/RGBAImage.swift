/// Decoded pixels: rows of 8-bit red, green, blue and alpha, top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA pixels must be width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of `width × height` whose pixel at (x, y) is `colour(x, y)`.
    public init(width: Int, height: Int, colour: (Int, Int) -> RGBA) {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels += [c.red, c.green, c.blue, c.alpha]
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }
}

/// One pixel with its opacity.
public struct RGBA: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour as seen over `background` (a transparent pixel shows the background).
    public func over(_ background: RGB) -> RGB {
        let a = Int(alpha)
        func mix(_ front: UInt8, _ back: UInt8) -> UInt8 { UInt8((Int(front) * a + Int(back) * (255 - a) + 127) / 255) }
        return RGB(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

/// An opaque colour.
public struct RGB: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGB(red: 0, green: 0, blue: 0)

    /// Perceived brightness, 0…255 (Rec. 601 weights).
    public var luma: Int { (Int(red) * 299 + Int(green) * 587 + Int(blue) * 114) / 1000 }

    /// Squared distance, for choosing the nearest colour.
    func distance(to other: RGB) -> Int {
        let r = Int(red) - Int(other.red), g = Int(green) - Int(other.green), b = Int(blue) - Int(other.blue)
        return r * r + g * g + b * b
    }
}
