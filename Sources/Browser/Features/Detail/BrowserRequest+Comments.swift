import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// The comments of some posts of a question, all on one site.
    struct Comments: RequestKind {
        let siteName: String
        let questionID: Int
        let postIDs: [Int]

        var site: String? { siteName }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<Page<PostComment>>
        ) -> any Cancellable {
            guard let comments = ports.comments else { return Self.unavailable(completion) }
            return comments.comments(postIDs: postIDs, site: siteName, priority: lane) { completion($0) }
        }

        static func route(
            _ reply: Result<Page<PostComment>, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard entry.purpose == .comments else { return [] }
            // The comments arriving lengthen the document: the post being read stays where it is.
            return model.inDetailKeepingPost { $0.receiveComments(reply, entry: entry, in: &$1) }
        }
    }

    /// The comments of some posts of a question, all on `site`.
    public static func comments(site: String, questionID: Int, postIDs: [Int]) -> BrowserRequest {
        BrowserRequest(Comments(siteName: site, questionID: questionID, postIDs: postIDs))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.comments`.
    public static func comments(_ result: Result<Page<PostComment>, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Comments.self, result)
    }
}
