import Dispatch
import Foundation
import Operations
import StackExchange

/// One watch request sent through the client (its quota, backoff and IP throttle) and waited for, for
/// `stackterm watch --once`, which has no run loop to wait in.
enum BlockingWatchCall {
    static func send<Item: Decodable & Sendable>(
        _ request: WatchRequest, as item: Item.Type, client: StackExchangeClient
    ) -> Result<Page<Item>, APIError> {
        let outcome = Outcome<Item>()
        let done = DispatchSemaphore(value: 0)
        let operation = APIRequestOperation<Item>(
            client: client, request: request, priority: .background, name: "watch \(request.methodKey)",
            completionQueue: DispatchQueue.global(qos: .utility)
        ) { result in
            outcome.set(result.mapError { $0 as? APIError ?? .decoding("\($0)") })
            done.signal()
        }
        operation.enqueue()
        done.wait()
        return outcome.get()
    }

    /// The answer, handed from the completion queue to the waiting thread.
    private final class Outcome<Item: Sendable>: @unchecked Sendable {
        // @unchecked Sendable: written once on the completion queue before the semaphore is signalled, read after
        // the wait; the semaphore orders the two.
        private var result: Result<Page<Item>, APIError> = .failure(.cancelled)
        func set(_ value: Result<Page<Item>, APIError>) { result = value }
        func get() -> Result<Page<Item>, APIError> { result }
    }
}
