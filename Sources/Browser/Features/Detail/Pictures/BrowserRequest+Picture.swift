import Foundation
import Operations
public import StackExchange

extension BrowserRequest {
    /// One picture of the open question's posts, on the background lane: the text never waits for it.
    struct Picture: RequestKind {
        let url: String
        let siteName: String
        let questionID: Int

        var site: String? { siteName }

        /// The store may answer: a kept picture says nothing about the network.
        var successShowsNetwork: Bool { false }

        @MainActor
        func send(
            through ports: BrowserPorts, lane: RequestPriority, now: Date,
            completion: @escaping RequestCompletion<PictureOutcome>
        ) -> any Cancellable {
            guard let pictures = ports.pictures else { return Self.unavailable(completion) }
            return pictures.picture(at: url, site: siteName, questionID: questionID) { outcome, failure in
                if let outcome { completion(.success(outcome)) } else { completion(.failure(.decoding(failure ?? "no picture"))) }
            }
        }

        static func route(
            _ reply: Result<PictureOutcome, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
        ) -> [BrowserEffect] {
            guard let picture = entry.request.as(Picture.self) else { return [] }
            // A picture arriving lengthens the document: the post being read stays where it is.
            return model.inDetailKeepingPost { $0.receivePicture(reply, for: picture.url, questionID: picture.questionID, in: &$1) }
        }
    }

    /// The picture at `url` in a post of question `questionID` on `site`.
    public static func picture(url: String, site: String, questionID: Int) -> BrowserRequest {
        BrowserRequest(Picture(url: url, siteName: site, questionID: questionID))
    }
}

extension BrowserResponse {
    /// The reply to `BrowserRequest.picture`.
    public static func picture(_ result: Result<PictureOutcome, APIError>) -> BrowserResponse {
        BrowserResponse(BrowserRequest.Picture.self, result)
    }
}
