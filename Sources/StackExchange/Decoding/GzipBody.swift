public import HTTPDriver
import CZlib
public import Foundation

/// Inflates a body that starts with the gzip magic bytes but came without `Content-Encoding` (proxies strip
/// the header; the API documentation warns about it), so libcurl hands it over still compressed.
///
/// Written against zlib directly: swift-nio-extras has an inflater, but it is internal to its channel handler.
public enum GzipBody {
    /// The first two bytes of every gzip stream.
    static let magic: [UInt8] = [0x1F, 0x8B]

    /// True when `data` starts with the gzip magic bytes.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data.prefix(2).elementsEqual(magic)
    }

    /// What inflating a body gave.
    public enum Inflated: Equatable, Sendable {
        case data(Data)
        /// Corrupt or truncated gzip.
        case corrupt
        /// More than the limit once inflated: inflating stopped there (a gzip bomb never reaches memory).
        case tooLarge
    }

    /// `data` inflated when it is gzip, else `data` unchanged; nil for gzip that does not inflate or inflates past
    /// `limit` bytes.
    public static func decompressedIfNeeded(_ data: Data, limit: Int = ResponseLimit.bytes) -> Data? {
        if case .data(let body) = inflatedIfNeeded(data, limit: limit) { return body }
        return nil
    }

    /// `data` inflated when it is gzip (at most `limit` bytes), else `data` unchanged.
    public static func inflatedIfNeeded(_ data: Data, limit: Int = ResponseLimit.bytes) -> Inflated {
        isGzip(data) ? inflate(data, limit: limit) : .data(data)
    }

    /// The inflated bytes of a gzip stream, stopping as soon as they pass `limit`.
    static func inflate(_ data: Data, limit: Int) -> Inflated {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header, not a zlib one.
        guard czlib_inflate_init2(&stream, 16 + MAX_WBITS) == Z_OK else { return .corrupt }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var output = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var status = Z_OK
        var tooLarge = false
        input.withUnsafeMutableBufferPointer { inputBytes in
            stream.next_in = inputBytes.baseAddress
            stream.avail_in = uInt(inputBytes.count)
            while status == Z_OK {
                buffer.withUnsafeMutableBufferPointer { outputBytes in
                    stream.next_out = outputBytes.baseAddress
                    stream.avail_out = uInt(chunk)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(outputBytes.baseAddress!, count: chunk - Int(stream.avail_out))
                }
                if output.count > limit {
                    tooLarge = true
                    break
                }
                if status == Z_OK, stream.avail_in == 0, stream.avail_out != 0 { break }
            }
        }
        if tooLarge { return .tooLarge }
        return status == Z_STREAM_END ? .data(output) : .corrupt
    }
}
