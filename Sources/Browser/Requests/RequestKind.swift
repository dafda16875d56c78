import Foundation
import Operations
import StackExchange

/// One kind of request the browser makes, as a value that carries all that is particular to it: what it asks
/// (its stored properties, which make two requests equal), what comes back (`Reply`), which port sends it and how
/// its answer is decoded (`send`), and where its reply goes in the model (`route`).
///
/// A new kind is one file (a type conforming to this, with its constructors) and the screen method its `route`
/// calls. A kind with an endpoint of its own sends its `APIRequest` through `BrowserPorts.api` and maps the decoded
/// page to its `Reply`. Nothing registers it: the ledger, the runner and the ports carry it as a `BrowserRequest`,
/// and its reply as a `BrowserResponse` keyed by its type, without knowing it.
protocol RequestKind: Hashable, Sendable {
    /// What the request answers with when it succeeds.
    associatedtype Reply: Sendable

    /// The site the request is about, when it is about one; for the trace and the tests.
    var site: String? { get }

    /// Sends the request through `ports` on `lane`; `completion` runs on the main queue with the reply.
    @MainActor
    func send(
        through ports: BrowserPorts, lane: RequestPriority, now: Date,
        completion: @escaping RequestCompletion<Reply>
    ) -> any Cancellable

    /// Whether a success of this kind shows the network reachable (true, the default); false for a kind the store
    /// may answer, whose success proves nothing about the network.
    var successShowsNetwork: Bool { get }

    /// Applies `reply` to what the request was for (`entry.purpose`).
    static func route(
        _ reply: Result<Reply, APIError>, entry: RequestLedger.Entry, in model: inout BrowserModel
    ) -> [BrowserEffect]
}

/// How a request's reply comes back: once, on the main queue.
typealias RequestCompletion<Reply: Sendable> = @MainActor @Sendable (Result<Reply, APIError>) -> Void

extension RequestKind {
    var successShowsNetwork: Bool { true }

    /// A kind sent only for one thing has that as its purpose: nothing to add to `RequestPurpose`.
    static var ownPurpose: RequestPurpose { .of(Self.self) }

    /// The request a port cannot serve (its feature is off): it fails on the next turn of the main queue, as
    /// a data manager would.
    @MainActor
    static func unavailable(_ completion: @escaping RequestCompletion<Reply>) -> any Cancellable {
        let action = CancelAction {}
        Task { @MainActor in completion(.failure(.cancelled)) }
        return action
    }
}
