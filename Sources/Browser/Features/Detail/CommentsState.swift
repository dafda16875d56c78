public import Foundation
public import StackExchange

/// The comments of the open question as a value: whether they are shown, and what has been fetched.
///
/// Comments are fetched the first time they are shown; hiding them keeps them, so showing them again costs
/// no request. A failed fetch is tried again the next time they are shown. Whether a fetch is in flight is
/// the model's `RequestLedger`'s to know (`BrowserModel.commentsLoadingSince`), not kept here.
public struct CommentsState: Hashable, Sendable {
    /// What fetching has given.
    public enum Phase: Hashable, Sendable {
        case notLoaded
        /// The comments of each post id, oldest first, and how many there are in all.
        case loaded([Int: [PostComment]], count: Int)
        case failed(String)
    }

    public var phase: Phase = .notLoaded
    /// True while the person wants them under the posts.
    public var isShown = false
    /// The posts whose comments have been fetched: answers loaded later (past the first hundred) are not among them.
    public private(set) var fetchedPostIDs: Set<Int> = []

    public init() {}

    /// True once a fetch brought them.
    public var isLoaded: Bool {
        if case .loaded = phase { return true }
        return false
    }

    /// The comments by post id, when they are shown and loaded; what the layout draws.
    public var visible: [Int: [PostComment]]? {
        guard isShown, case .loaded(let byPost, _) = phase else { return nil }
        return byPost
    }

    /// The comments of `postIDs` arrived: grouped by post, each post's oldest first, added to any already loaded.
    public mutating func receive(_ comments: [PostComment], for postIDs: [Int]) {
        var byPost: [Int: [PostComment]] = [:]
        var count = 0
        if case .loaded(let loaded, let loadedCount) = phase {
            byPost = loaded
            count = loadedCount
        }
        let fresh = comments.filter { !fetchedPostIDs.contains($0.postID) }
        for comment in fresh { byPost[comment.postID, default: []].append(comment) }
        for post in Set(fresh.map(\.postID)) {
            byPost[post]?.sort { ($0.creationDate, $0.commentID) < ($1.creationDate, $1.commentID) }
        }
        fetchedPostIDs.formUnion(postIDs)
        phase = .loaded(byPost, count: count + fresh.count)
    }

    /// A comment the person just posted: shown under its post when the comments are loaded (else the next fetch
    /// brings it).
    public mutating func add(_ comment: PostComment) {
        guard case .loaded(var byPost, let count) = phase else { return }
        guard byPost[comment.postID]?.contains(where: { $0.commentID == comment.commentID }) != true else { return }
        byPost[comment.postID, default: []].append(comment)
        phase = .loaded(byPost, count: count + 1)
    }
}
