import Images

/// Small pictures made in code, the same on every run.
enum TestImages {
    /// 4×4: red, green, blue and white quadrants of 2×2 pixels.
    static let quadrants = RGBAImage(width: 4, height: 4) { x, y in
        switch (x < 2, y < 2) {
        case (true, true): RGBA(red: 255, green: 0, blue: 0)
        case (false, true): RGBA(red: 0, green: 255, blue: 0)
        case (true, false): RGBA(red: 0, green: 0, blue: 255)
        case (false, false): RGBA(red: 255, green: 255, blue: 255)
        }
    }

    /// `width × height` of a smooth gradient, with more than 256 colours when large enough.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height) { x, y in
            RGBA(red: UInt8(x * 255 / max(1, width - 1)), green: UInt8(y * 255 / max(1, height - 1)), blue: UInt8((x + y) % 256))
        }
    }
}
