extension RGBAImage {
    /// The image shrunk, keeping its aspect, so that neither side exceeds `side` pixels; itself when it fits.
    public func reduced(toFit side: Int) -> RGBAImage {
        let longest = max(width, height)
        guard side > 0, longest > side else { return self }
        let newWidth = max(1, width * side / longest)
        let newHeight = max(1, height * side / longest)
        return ImageResampler.resample(self, width: newWidth, height: newHeight)
    }
}

extension RGBAImage {
    /// The image resampled to exactly `width × height` (what a pixel form draws in the cells the scale rule gives).
    public func resized(width: Int, height: Int) -> RGBAImage {
        ImageResampler.resample(self, width: max(1, width), height: max(1, height))
    }
}
