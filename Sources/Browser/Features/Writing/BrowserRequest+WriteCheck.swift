import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// Whether a write whose answer never came landed: the read `WriteVerification` names (the question's newest
    /// answers, the person's questions since the write, the edited post), with the Markdown to compare.
    struct WriteCheck: RequestKind {
        let verification: WriteVerification
        let filter: String

        var site: String? { verification.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[WrittenPost]>
        ) -> any Cancellable {
            guard let api = ports.api else { return Self.unavailable(completion) }
            return api.perform(verification.request(filter: filter), as: WrittenPost.self, priority: lane) { result in
                completion(result.map(\.items))
            }
        }

        static func route(
            _ reply: Result<[WrittenPost], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(WriteCheck.self) else { return [] }
            return model.inWriting { $0.receiveWriteCheck(reply, verification: kind.verification, in: &$1) }
        }
    }

    /// Whether the write `verification` describes landed.
    public static func writeCheck(_ verification: WriteVerification, filter: String) -> BrowserRequest {
        BrowserRequest(WriteCheck(verification: verification, filter: filter))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.writeCheck`.
    public static func writeCheck(_ result: Result<[WrittenPost], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.WriteCheck.self, result)
    }
}
