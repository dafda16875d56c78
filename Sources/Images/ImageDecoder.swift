internal import CLazyImages

/// Bytes to pixels within the limits: the body's size checked, the format sniffed, the header's declared size
/// checked, and only then the format's library (loaded on first use) asked to decode.
public struct ImageDecoder: Sendable {
    public var limits: ImageLimits

    public init(limits: ImageLimits = .standard) {
        self.limits = limits
    }

    /// The header of `bytes` if it is within the limits; what decoding would refuse before any decoder runs.
    public func admit(_ bytes: [UInt8]) throws(ImageProblem) -> ImageHeader {
        guard bytes.count <= limits.maxBodyBytes else { throw .bodyTooLarge(bytes: bytes.count, limit: limits.maxBodyBytes) }
        let header = try ImageHeader.read(bytes)
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard !overflow, pixels <= limits.maxPixels else {
            throw .tooManyPixels(header.format, width: header.width, height: header.height, limit: limits.maxPixels)
        }
        return header
    }

    /// The pixels of `bytes` (a GIF's first frame), or why there are none.
    public func decode(_ bytes: [UInt8]) -> Result<RGBAImage, ImageProblem> {
        let header: ImageHeader
        do { header = try admit(bytes) } catch { return .failure(error) }
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var reason = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { body in
            stackterm_image_decode(
                Int32(header.format.rawValue), body.baseAddress, body.count, UInt64(limits.maxPixels), &rgba, &width, &height,
                &reason, reason.count)
        }
        guard status == 0, let rgba else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.undecodable(header.format, text.isEmpty ? "\(header.format): cannot decode" : text))
        }
        defer { stackterm_image_free(rgba) }
        let count = Int(width) * Int(height) * 4
        let pixels = Array(UnsafeBufferPointer(start: rgba, count: count))
        return .success(RGBAImage(width: Int(width), height: Int(height), pixels: pixels))
    }

    /// Whether the library of `format` has been loaded into this process (none is until a picture needs it).
    public static func isLibraryLoaded(_ format: ImageFormat) -> Bool {
        stackterm_image_library_loaded(Int32(format.rawValue)) != 0
    }
}
