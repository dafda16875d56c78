public import Foundation

/// What `--arrivals RATE` adds, one item a tick: mostly questions in a few common tags, and now and then an answer
/// or a comment on the question that arrived before. Deterministic: the nth arrival is always the same.
public struct ArrivalSchedule: Sendable {
    /// The tags arrivals cycle through.
    public static let tags = ["swift", "rust", "python", "bash", "c"]

    /// Arrivals a minute.
    public let ratePerMinute: Double
    private var count = 0
    private var lastQuestion: Int?

    public init(ratePerMinute: Double) {
        self.ratePerMinute = ratePerMinute
    }

    /// Seconds between two arrivals.
    public var spacing: TimeInterval { 60 / max(ratePerMinute, 0.001) }

    /// Adds the next arrival to `server`.
    public mutating func arriveNext(on server: ReplicaServer) {
        count += 1
        if let question = lastQuestion, count % 5 == 0 {
            server.arriveComment(postID: question, questionID: question)
        } else if let question = lastQuestion, count % 3 == 0 {
            server.arriveAnswer(questionID: question)
        } else {
            lastQuestion = server.arrive(tags: [Self.tags[count % Self.tags.count]])
        }
    }
}
