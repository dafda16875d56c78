import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The site's limits on the person's writes (`/me/write-permissions`): the least time between two and the day's allowance.
    struct WritePermissions: RequestKind {
        let request: WritePermissionsRequest

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[WritePermission]>
        ) -> any Cancellable {
            guard let api = ports.api else { return Self.unavailable(completion) }
            return api.perform(request, as: WritePermission.self, priority: lane) { result in
                completion(result.map { page in page.items })
            }
        }

        static func route(
            _ reply: Result<[WritePermission], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(WritePermissions.self) else { return [] }
            return model.inWriting { $0.receiveWritePermissions(reply, request: kind.request, in: &$1) }
        }
    }

    /// The site's limits on the person's writes.
    public static func writePermissions(_ request: WritePermissionsRequest) -> BrowserRequest {
        BrowserRequest(WritePermissions(request: request))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.writePermissions`.
    public static func writePermissions(_ result: Result<[WritePermission], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.WritePermissions.self, result)
    }
}
