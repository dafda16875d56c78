import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// One's own post as the site has it now, with its Markdown and `last_edit_date`: the text an edit starts from, and whether the post changed on the site while it was edited.
    struct PostMarkdown: RequestKind {
        let request: PostMarkdownRequest
        /// What the post is read for.
        let stage: WritingState.PostRead

        var site: String? { request.site }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<[WrittenPost]>
        ) -> any Cancellable {
            guard let api = ports.api else { return Self.unavailable(completion) }
            return api.perform(request, as: WrittenPost.self, priority: lane) { result in
                completion(result.map { page in page.items })
            }
        }

        static func route(
            _ reply: Result<[WrittenPost], APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let kind = entry.request.as(PostMarkdown.self) else { return [] }
            return model.inWriting { $0.receivePostMarkdown(reply, stage: kind.stage, in: &$1) }
        }
    }

    /// One's own post as the site has it now, with its Markdown and `last_edit_date`.
    public static func postMarkdown(_ request: PostMarkdownRequest, stage: WritingState.PostRead) -> BrowserRequest {
        BrowserRequest(PostMarkdown(request: request, stage: stage))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.postMarkdown`.
    public static func postMarkdown(_ result: Result<[WrittenPost], APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.PostMarkdown.self, result)
    }
}
