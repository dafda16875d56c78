public import Browser
public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// The browser's watch requests: each sent through the client on the background lane (its quota, backoff and IP
/// throttle), or answered from the data file when any stackterm (this one, another, `watch --once`) sent the same
/// request less than a minute before, so no request is repeated within the minute the API calls abusive.
public final class LiveWatchRequests: WatchRequesting {
    private let client: StackExchangeClient
    private let store: any WatchKeeping
    private let deliveryQueue = DispatchQueue(label: "stackterm.watch.delivery")

    public init(client: StackExchangeClient, store: any WatchKeeping) {
        self.client = client
        self.store = store
    }

    public func send(
        _ request: WatchRequest, at now: Date,
        completion: @escaping @MainActor @Sendable (Result<WatchAnswer, APIError>) -> Void
    ) -> any Cancellable {
        let delivery = PendingDelivery<WatchAnswer>(completion)
        if let poll = store.lastPoll(of: request.identity), poll.sentAt <= now,
           now.timeIntervalSince(poll.sentAt) < WatchSettings.repeatSpacing {
            delivery.deliver(.success(Self.answer(request, stored: poll.response)))
            return delivery
        }
        switch request {
        case .answers: return enqueue(request, as: Answer.self, at: now, delivery: delivery) { .answers($0) }
        case .comments: return enqueue(request, as: PostComment.self, at: now, delivery: delivery) { .comments($0) }
        case .newInTags, .newInSearch, .followedQuestions:
            return enqueue(request, as: Question.self, at: now, delivery: delivery) { .questions($0) }
        }
    }

    private func enqueue<Item: Codable & Sendable>(
        _ request: WatchRequest, as type: Item.Type, at now: Date, delivery: PendingDelivery<WatchAnswer>,
        items: @escaping @Sendable ([Item]) -> WatchAnswer.Items
    ) -> any Cancellable {
        let store = store
        let operation = APIRequestOperation<Item>(
            client: client, request: request, priority: .background, name: "watch \(request.methodKey)",
            completionQueue: deliveryQueue
        ) { result in
            switch result {
            case .success(let page):
                let data = (try? JSONEncoder().encode(page.items)) ?? Data("[]".utf8)
                store.recordPoll(WatchPoll(sentAt: now, response: data), of: request.identity)
                delivery.deliver(.success(WatchAnswer(
                    items: items(page.items), quotaRemaining: page.quotaRemaining, quotaMax: page.quotaMax,
                    backoff: page.backoff)))
            case .failure(let error):
                delivery.deliver(.failure(error as? APIError ?? .decoding("\(error)")))
            }
        }
        operation.enqueue()
        return CancelAction {
            delivery.cancel()
            operation.cancel()
        }
    }

    /// The answer the data file kept for `request`.
    static func answer(_ request: WatchRequest, stored: Data) -> WatchAnswer {
        let decoder = JSONDecoder()
        let items: WatchAnswer.Items = switch request {
        case .answers: .answers((try? decoder.decode([Answer].self, from: stored)) ?? [])
        case .comments: .comments((try? decoder.decode([PostComment].self, from: stored)) ?? [])
        case .newInTags, .newInSearch, .followedQuestions: .questions((try? decoder.decode([Question].self, from: stored)) ?? [])
        }
        return WatchAnswer(items: items, fromStore: true)
    }
}
