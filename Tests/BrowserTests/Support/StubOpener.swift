import Browser
import Synchronization

/// A URL opener that records the URLs and answers with a fixed error (or success).
final class StubOpener: URLOpening {
    private let opened = Mutex<[String]>([])
    let error: String?

    init(error: String? = nil) {
        self.error = error
    }

    var urls: [String] { opened.withLock { $0 } }

    func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        opened.withLock { $0.append(url) }
        let error = self.error
        Task { @MainActor in completion(error) }
    }
}
