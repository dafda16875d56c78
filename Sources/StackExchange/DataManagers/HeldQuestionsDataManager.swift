public import Operations
import Synchronization

/// The network's question pages, asked for while held and made into requests when `release` is called; once released,
/// every call goes straight through.
///
/// A launch whose first page is in the store asks the network for that page too, as the store's copy is read, before
/// the first frame; the request waits in the held queues until that frame is out (`QueueManager.hold`) all the same.
/// Making it (its URL, its operation, the first use of their types) is main-thread work the first frame does not
/// need: held here, it is done once the frame is out. The caller's handle works meanwhile: a call cancelled before then
/// is never made, and a raise raises its request as it is made.
public final class HeldQuestionsDataManager: QuestionsDataManaging {
    private let network: any QuestionsDataManaging
    /// The calls held, in the order asked; nil once released.
    private let held = Mutex<[HeldRequest]?>([])

    public init(network: any QuestionsDataManaging) {
        self.network = network
    }

    @discardableResult
    public func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let network = network
        let request = HeldRequest { network.questions(query, page: page, priority: priority, completion: completion) }
        let isHeld = held.withLock { held -> Bool in
            guard held != nil else { return false }
            held?.append(request)
            return true
        }
        if !isHeld { request.make() }
        return request
    }

    /// Makes the held calls' requests, in the order they were asked, and lets every later call through.
    public func release() {
        let calls = held.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        for request in calls { request.make() }
    }

    /// How many calls wait for `release`.
    public var heldCount: Int { held.withLock { $0?.count ?? 0 } }
}

/// One call held by `HeldQuestionsDataManager`: its request is made by `make`; what the caller asked of its handle
/// before then (a cancel, a raise) is done to the request as it is made.
final class HeldRequest: PriorityRaising {
    private let makeRequest: @Sendable () -> any Cancellable
    private let state = Mutex(State())

    private struct State {
        var made: (any Cancellable)?
        var cancelled = false
        var raised = false
    }

    init(_ makeRequest: @escaping @Sendable () -> any Cancellable) {
        self.makeRequest = makeRequest
    }

    /// Makes the request, unless the caller cancelled first (its completion then never runs, as after any cancel).
    func make() {
        guard !state.withLock({ $0.cancelled }) else { return }
        let request = makeRequest()
        let (cancelled, raised) = state.withLock { state in
            state.made = request
            return (state.cancelled, state.raised)
        }
        if cancelled {
            request.cancel()
        } else if raised, let raising = request as? any PriorityRaising {
            raising.raiseToUserPriority()
        }
    }

    func cancel() {
        let made = state.withLock { state in
            state.cancelled = true
            return state.made
        }
        made?.cancel()
    }

    func raiseToUserPriority() {
        let made = state.withLock { state in
            state.raised = true
            return state.made
        }
        (made as? any PriorityRaising)?.raiseToUserPriority()
    }
}
