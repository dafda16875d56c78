import Foundation
import NIOHTTP1
import NIOHTTPCompression

/// A response the replica sends: status and JSON body, built the way the API builds them.
struct APIResponse: Sendable {
    var status: Int
    var body: Data
    var contentType = "application/json; charset=utf-8"
    /// Headers beyond the usual ones (`Location`, `Content-Encoding` of a body that is already compressed).
    var extraHeaders: [(String, String)] = []
    /// Sent as it is: the compressor must neither buffer it (a trickle) nor compress it again (a gzip bomb).
    var isRaw = false

    /// The marker header that keeps the compressor away from a raw response; removed before it goes out.
    static let rawMarker = "X-Replica-Raw"

    /// The compressor's predicate: raw responses (marked) are passed through untouched.
    static func compressionPredicate(_ head: inout HTTPResponseHead, _: Bool) -> HTTPResponseCompressor.CompressionIntent {
        guard head.headers.contains(name: rawMarker) else { return .compressIfPossible }
        head.headers.remove(name: rawMarker)
        return .doNotCompress
    }

    /// A redirect to `location`.
    static func redirect(status: Int, location: String) -> APIResponse {
        APIResponse(status: status, body: Data("redirecting\n".utf8), contentType: "text/plain; charset=utf-8",
                    extraHeaders: [("Location", location)], isRaw: true)
    }

    /// A valid API page whose gzip body inflates to about `inflatedBytes` (padding of spaces).
    static func gzipBomb(inflatedBytes: Int, declared: Bool) -> APIResponse {
        APIResponse(status: 200, body: GzipBomb.body(inflatedBytes: inflatedBytes),
                    contentType: declared ? "application/json; charset=utf-8" : "application/octet-stream",
                    extraHeaders: declared ? [("Content-Encoding", "gzip")] : [], isRaw: true)
    }

    /// The API's error body, sent with HTTP 400 as the real API does.
    static func error(id: Int, name: String, message: String, status: Int = 400) -> APIResponse {
        let body: [String: any Sendable] = ["error_id": id, "error_name": name, "error_message": message]
        return APIResponse(status: status, body: json(body))
    }

    /// The API's answer to an IP that sends too much, or whose quota is used up.
    static func ipThrottle(seconds: Int) -> APIResponse {
        error(id: 502, name: "throttle_violation",
              message: "too many requests from this IP, more requests available in \(seconds) seconds")
    }

    static func badParameter(_ message: String) -> APIResponse {
        error(id: 400, name: "bad_parameter", message: message)
    }

    /// A plain failure without an API error body (fault injection).
    static func plainStatus(_ status: Int) -> APIResponse {
        APIResponse(status: status, body: Data("replica: injected HTTP \(status)\n".utf8), contentType: "text/plain; charset=utf-8")
    }

    /// The common wrapper: items, `has_more`, the quota fields, and `backoff` when set.
    static func page<Item: Encodable>(
        _ items: [Item], hasMore: Bool, quotaMax: Int, quotaRemaining: Int, backoff: Int?, filter: ReplicaFilter = ReplicaFilter(),
        total: Int? = nil
    ) -> APIResponse {
        switch filter.wrapper {
        case .nothing: return APIResponse(status: 200, body: Data("{}".utf8))
        case .totalOnly: return APIResponse(status: 200, body: Data("{\"total\":\(total ?? items.count)}".utf8))
        case .standard: break
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding the replica's own wire structs cannot fail; an empty array keeps the body valid if it did.
        let encodedItems = (try? encoder.encode(items)) ?? Data("[]".utf8)
        var body = Data("{\"items\":".utf8)
        body.append(encodedItems)
        var tail = ",\"has_more\":\(hasMore),\"quota_max\":\(quotaMax),\"quota_remaining\":\(quotaRemaining)"
        if let backoff { tail += ",\"backoff\":\(backoff)" }
        if filter.includes(".total") { tail += ",\"total\":\(total ?? items.count)" }
        body.append(Data((tail + "}").utf8))
        return APIResponse(status: 200, body: body)
    }

    private static func json(_ object: [String: any Sendable]) -> Data {
        // A dictionary of strings and integers always serializes.
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
