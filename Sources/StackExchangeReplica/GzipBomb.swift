import CZlib
import Foundation
import Synchronization

/// A gzip stream of a valid API page padded with spaces to any inflated size: about 1 KB per MB inflated.
///
/// Made once per size (deflating 1 GB of spaces takes a second or two) and kept, so a test or the benchmark can
/// serve it many times.
enum GzipBomb {
    private static let made = Mutex<[Int: Data]>([:])

    static func body(inflatedBytes: Int) -> Data {
        if let body = made.withLock({ $0[inflatedBytes] }) { return body }
        let body = deflate(inflatedBytes: inflatedBytes)
        made.withLock { $0[inflatedBytes] = body }
        return body
    }

    private static func deflate(inflatedBytes: Int) -> Data {
        let head = Data(#"{"items":[],"has_more":false,"quota_max":300,"quota_remaining":299,"padding":""#.utf8)
        let tail = Data(#""}"#.utf8)
        var stream = z_stream()
        // 16 + 15: a gzip header; level 9: the smallest stream.
        guard czlib_deflate_init2(&stream, 9, 16 + 15) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func feed(_ input: Data, finish: Bool) {
            var bytes = [UInt8](input)
            bytes.withUnsafeMutableBufferPointer { inputBytes in
                stream.next_in = inputBytes.baseAddress
                stream.avail_in = uInt(inputBytes.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        output.append(out.baseAddress!, count: out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0 || (finish && stream.avail_in > 0)
            }
        }
        feed(head, finish: false)
        let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        var left = max(0, inflatedBytes - head.count - tail.count)
        while left > 0 {
            let part = min(left, chunk.count)
            feed(part == chunk.count ? chunk : chunk.prefix(part), finish: false)
            left -= part
        }
        feed(tail, finish: true)
        return output
    }
}
