import Foundation
public import Operations
import Synchronization

/// The filter that embeds a question's answers in it (`withbody` plus `question.answers`), so that a question's detail
/// costs one request (`/questions/{id}`) instead of two (the question, then `/questions/{id}/answers`): a link
/// → first frame, where the second request competed with the first for libcurl, the decoder and the two cores.
///
/// Its name is only known once `/filters/create` has made it; it is kept beside the cache (`KeptFilter`), per API host.
/// Until then a detail is asked in two requests as before, and the first detail that completes has the filter made on
/// the background lane, once per process, for the details after it and the launches after this one. A name the API
/// refuses (`bad_parameter: filter`) is forgotten and made again the same way.
public final class EmbeddedAnswersFilter: Sendable {
    /// The base, and the field the filter adds to it.
    public static let base = "withbody"
    public static let fields = ["question.answers"]

    public let kept: KeptFilter
    /// The API's host, as the cache keys it (without the port).
    public let host: String

    /// The name while it is known (read from the file on first use) and whether it is being made.
    private struct State {
        var name: String??
        var making = false
    }

    private let state = Mutex(State())

    public init(kept: KeptFilter, host: String) {
        self.kept = kept
        self.host = host
    }

    /// The filter's name when one is kept for this API.
    public var name: String? {
        state.withLock { state in
            if let known = state.name { return known }
            let read = kept.name(host: host, base: Self.base, fields: Self.fields)
            state.name = .some(read)
            return read
        }
    }

    /// The API refused `name`: it is forgotten, here and in the file.
    public func refused(_ name: String) {
        let forget = state.withLock { state -> Bool in
            guard state.name == .some(name) else { return false }
            state.name = .some(nil)
            return true
        }
        if forget { kept.keep(nil, host: host, base: Self.base, fields: Self.fields) }
    }

    /// Has `client` make the filter on the background lane (once at a time) and keeps its name, if none is kept.
    public func makeIfNeeded(with client: StackExchangeClient) {
        let start = state.withLock { state -> Bool in
            guard case .some(nil) = state.name, !state.making else { return false }
            state.making = true
            return true
        }
        guard start else { return }
        let request = CreateFilterRequest(base: Self.base, include: Self.fields)
        let operation = APIRequestOperation<CreatedFilter>(
            client: client, request: request, priority: .background, name: "filter for embedded answers", completionQueue: nil
        ) { [self] result in
            let made = (try? result.get())?.items.first?.filter
            state.withLock { state in
                state.making = false
                if let made { state.name = .some(made) }
            }
            if let made { kept.keep(made, host: host, base: Self.base, fields: Self.fields) }
        }
        operation.enqueue()
    }
}
