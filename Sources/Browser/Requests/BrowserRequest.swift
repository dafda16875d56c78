import Foundation
import StackExchange
import Operations

/// Exactly what the browser asks the API for, with the site and question it is about: two requests are the
/// same request when they are equal, which is how a repeated press keeps the one already in flight.
///
/// It holds one `RequestKind` value, whatever its kind: the ledger, the effects and the runner carry it
/// without knowing the kinds; `as(_:)` reads it back as its kind. The static constructors build the kinds the
/// browser has (each kind's file adds its own).
public struct BrowserRequest: Hashable, Sendable, CustomStringConvertible {
    /// The request, as its kind.
    let kind: any RequestKind

    init(_ kind: some RequestKind) {
        self.kind = kind
    }

    /// The request as a `K`, when it is one.
    func `as`<K: RequestKind>(_ type: K.Type) -> K? {
        kind as? K
    }

    /// True when the request is of kind `K`.
    func `is`<K: RequestKind>(_ type: K.Type) -> Bool {
        kind is K
    }

    /// The site the request is about, when it is about one; for the trace and the tests.
    public var site: String? { kind.site }

    /// Whether a success shows the network reachable (not for a request the store may answer).
    var successShowsNetwork: Bool { kind.successShowsNetwork }

    public var description: String { String(describing: kind) }

    // Equal when of one kind and equal as that kind. Compared through the kind itself rather than `AnyHashable`, whose
    // making from an existential cost about 40 k instructions each time: the ledger compares a request with every
    // one in flight whenever one is filed (a question's pictures, a page), before the frame that shows it.
    public static func == (lhs: BrowserRequest, rhs: BrowserRequest) -> Bool {
        lhs.kind.isEqual(to: rhs.kind)
    }

    public func hash(into hasher: inout Hasher) {
        kind.hashWithKind(into: &hasher)
    }

    /// Sends the request through `ports`; `completion` runs on the main queue with the response.
    @MainActor
    func send(
        through ports: BrowserPorts, lane: RequestPriority, now: Date,
        completion: @escaping @MainActor @Sendable (BrowserResponse) -> Void
    ) -> any Cancellable {
        Self.send(kind, through: ports, lane: lane, now: now, completion: completion)
    }

    @MainActor
    private static func send<K: RequestKind>(
        _ kind: K, through ports: BrowserPorts, lane: RequestPriority, now: Date,
        completion: @escaping @MainActor @Sendable (BrowserResponse) -> Void
    ) -> any Cancellable {
        kind.send(through: ports, lane: lane, now: now) { completion(BrowserResponse(K.self, $0)) }
    }

    /// Applies `response` to what the request was for (`entry.purpose`): a response of another kind is dropped.
    func route(_ response: BrowserResponse, entry: RequestLedger.Entry, in model: inout BrowserModel) -> [BrowserEffect] {
        Self.route(kind, response, entry: entry, in: &model)
    }

    private static func route<K: RequestKind>(
        _ kind: K, _ response: BrowserResponse, entry: RequestLedger.Entry, in model: inout BrowserModel
    ) -> [BrowserEffect] {
        guard let reply = response.reply(as: K.self) else { return [] }
        return K.route(reply, entry: entry, in: &model)
    }
}

extension RequestKind {
    /// True when `other` is of this kind and equal to this request.
    fileprivate func isEqual(to other: any RequestKind) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }

    /// Hashes the kind and the request: requests of two kinds that hash their fields alike still differ.
    fileprivate func hashWithKind(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Self.self))
        hash(into: &hasher)
    }
}
