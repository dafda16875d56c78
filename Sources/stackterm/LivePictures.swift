import Browser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPDriver
import Images
import Operations
import StackExchange
import Store
import Synchronization

/// The posts' pictures for the browser: the store's copy first, else the image host, its transfer an operation of
/// the networking layer's background lane (`PictureTransferOperation`: only where `PictureHosts` allows; no key,
/// token or cookie; the body capped at `ImageLimits`' 10 MB), decoded and reduced on a queue of its own, never the
/// main thread; a fetched picture is kept in the store beside its question.
final class LivePictures: PictureFetching {
    private let transport: any RequestTransport
    private let queues: QueueManager
    private let cache: QuestionCache?
    private let hosts: PictureHosts
    private let offline: Bool
    private let userAgent: String
    private let decoder = ImageDecoder()

    /// Where pictures are read from the store, decoded and reduced: one at a time, at utility priority.
    private static let work = DispatchQueue(label: "stackterm.pictures", qos: .utility)
    /// How long a picture's host may stay silent.
    static let timeout: TimeInterval = 30

    init(
        transport: any RequestTransport = CurlTransport(), queues: QueueManager, cache: QuestionCache?, hosts: PictureHosts, offline: Bool,
        userAgent: String
    ) {
        self.transport = transport
        self.queues = queues
        self.cache = cache
        self.hosts = hosts
        self.offline = offline
        self.userAgent = userAgent
    }

    @MainActor
    func picture(
        at url: String, site: String, questionID: Int,
        completion: @escaping @MainActor @Sendable (PictureOutcome?, String?) -> Void
    ) -> any Cancellable {
        let done: @Sendable (PictureOutcome?, String?) -> Void = { outcome, failure in
            Task { @MainActor in completion(outcome, failure) }
        }
        if let refusal = hosts.refusal(url) {
            done(.refused(refusal), nil)
            return CancelAction {}
        }
        let flight = Flight()
        Self.work.async { [self] in
            guard !flight.isCancelled else { return done(nil, "cancelled") }
            if let kept = cache?.picture(url: url) { return done(outcome(kept), nil) }
            guard !offline else { return done(nil, "offline: not kept") }
            guard let address = URL(string: url) else { return done(.refused("not a web address"), nil) }
            let transfer = PictureTransferOperation(
                url: address, userAgent: userAgent, transport: transport, timeout: Self.timeout, limit: decoder.limits.maxBodyBytes
            ) { [self] result in
                let reply: PictureTransferOperation.Reply
                switch result {
                case .failure(let error): return done(nil, Self.reason(error))
                case .success(let answer): reply = answer
                }
                guard reply.status == 200 else { return done(nil, "HTTP \(reply.status)") }
                Self.work.async { [self] in
                    let bytes = [UInt8](reply.body)
                    let result = outcome(bytes)
                    if case .file = result { cache?.savePicture(bytes, url: url, site: site, questionID: questionID) }
                    done(result, nil)
                }
            }
            transfer.setCancellationHandler { done(nil, "cancelled") }
            flight.start(transfer, on: queues)
        }
        return CancelAction { flight.cancel() }
    }

    /// The picture of `bytes`, or why it shows as its box.
    private func outcome(_ bytes: [UInt8]) -> PictureOutcome {
        switch PictureFile.decode(bytes, decoder: decoder) {
        case .success(let file): .file(file)
        case .failure(let problem): .refused(problem.description)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let refused = error as? ResponseRefused {
            switch refused {
            case .tooLarge(let limit): return "too large: over \(limit / 1_000_000) MB"
            case .redirect(let why): return "redirect refused: \(why)"
            }
        }
        if let error = error as? URLError, error.code == .cancelled { return "cancelled" }
        return "not fetched: \(error.localizedDescription)"
    }

    /// One picture's transfer, cancellable before and after it is enqueued.
    private final class Flight: Sendable {
        private let state = Mutex<(cancelled: Bool, transfer: PictureTransferOperation?)>((false, nil))

        var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Enqueues `transfer` on its lane, unless the picture was cancelled first.
        func start(_ transfer: PictureTransferOperation, on queues: QueueManager) {
            let cancelled = state.withLock { inner -> Bool in
                inner.transfer = transfer
                return inner.cancelled
            }
            if cancelled {
                transfer.cancel()
                return
            }
            transfer.enqueue(on: queues)
        }

        func cancel() {
            let transfer = state.withLock { inner -> PictureTransferOperation? in
                inner.cancelled = true
                return inner.transfer
            }
            transfer?.cancel()
        }
    }
}
