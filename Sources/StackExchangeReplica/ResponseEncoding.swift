import Foundation

/// Turns a page of items into the JSON body of a successful response.
enum ResponseEncoding {
    static func encode(_ page: ReplicaAPI.Page, quotaMax: Int, quotaRemaining: Int, backoff: Int?) -> APIResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            let body: Data = switch page {
            case .questions(let items, let hasMore):
                try encoder.encode(ResponseEnvelope(items: items, has_more: hasMore, quota_max: quotaMax, quota_remaining: quotaRemaining, backoff: backoff))
            case .answers(let items, let hasMore):
                try encoder.encode(ResponseEnvelope(items: items, has_more: hasMore, quota_max: quotaMax, quota_remaining: quotaRemaining, backoff: backoff))
            case .sites(let items, let hasMore):
                try encoder.encode(ResponseEnvelope(items: items, has_more: hasMore, quota_max: quotaMax, quota_remaining: quotaRemaining, backoff: backoff))
            }
            return APIResponse(status: 200, body: body)
        } catch {
            return APIFailure(id: 500, name: "internal_error", message: "replica could not encode the response: \(error)").response
        }
    }
}
