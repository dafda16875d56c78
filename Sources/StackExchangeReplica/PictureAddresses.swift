import Foundation

/// The replica's posts name its own pictures as `http://REPLICA-HOST/img/…`: served, the placeholder becomes the
/// host and port the request was sent to, so the addresses work on whatever port the replica listens on.
enum PictureAddresses {
    /// What the posts write in place of the host.
    static let placeholder = Data("REPLICA-HOST".utf8)

    /// `response` with the placeholder replaced by `host` (the request's `Host` header), when it is a plain host
    /// and port; unchanged otherwise.
    static func rewrite(_ response: APIResponse, host: String?) -> APIResponse {
        guard let host, !host.isEmpty, host.utf8.allSatisfy(isHostByte), !response.isRaw else { return response }
        let body = response.body
        guard var found = body.range(of: placeholder) else { return response }
        var out = Data()
        out.reserveCapacity(body.count + 64)
        var start = body.startIndex
        while true {
            out += body[start..<found.lowerBound]
            out += Data(host.utf8)
            start = found.upperBound
            guard let next = body.range(of: placeholder, in: start..<body.endIndex) else { break }
            found = next
        }
        out += body[start..<body.endIndex]
        var rewritten = response
        rewritten.body = out
        return rewritten
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }
}
