@testable import Browser
import Foundation
import Operations
import Synchronization

/// Records each picture asked for; the test answers it (or sees it cancelled).
final class StubPictures: PictureFetching {
    struct Request: Sendable {
        var url: String
        var site: String
        var questionID: Int
        var handle: StubCancellable
        var completion: @MainActor @Sendable (PictureOutcome?, String?) -> Void

        @MainActor func deliver(_ outcome: PictureOutcome) { completion(outcome, nil) }
    }

    private let recorded = Mutex<[Request]>([])

    var requests: [Request] { recorded.withLock { $0 } }

    @MainActor
    func picture(
        at url: String, site: String, questionID: Int,
        completion: @escaping @MainActor @Sendable (PictureOutcome?, String?) -> Void
    ) -> any Cancellable {
        let handle = StubCancellable()
        recorded.withLock { $0.append(Request(url: url, site: site, questionID: questionID, handle: handle, completion: completion)) }
        return handle
    }
}
