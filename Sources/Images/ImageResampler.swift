/// Shrinks (or, for a grid finer than the picture, repeats) pixels by averaging each target pixel's source area.
enum ImageResampler {
    /// `image` resampled to `width × height`.
    static func resample(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if width == image.width, height == image.height { return image }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let source = image.pixels
        for y in 0..<height {
            let y0 = y * image.height / height
            let y1 = max(y0 + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let x0 = x * image.width / width
                let x1 = max(x0 + 1, (x + 1) * image.width / width)
                var sums = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    var i = (sy * image.width + x0) * 4
                    for _ in x0..<x1 {
                        let a = Int(source[i + 3])
                        sums.0 += Int(source[i]) * a
                        sums.1 += Int(source[i + 1]) * a
                        sums.2 += Int(source[i + 2]) * a
                        sums.3 += a
                        i += 4
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let o = (y * width + x) * 4
                if sums.3 > 0 {
                    out[o] = UInt8(sums.0 / sums.3)
                    out[o + 1] = UInt8(sums.1 / sums.3)
                    out[o + 2] = UInt8(sums.2 / sums.3)
                }
                out[o + 3] = UInt8(sums.3 / count)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
