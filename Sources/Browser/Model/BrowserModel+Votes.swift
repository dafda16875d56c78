import StackExchange

/// How notices name votes (`DetailScreen+Votes`, `DetailScreen+WriteChecks`).
extension BrowserModel {
    /// `upvoting answer by sven…`, `upvoted answer by sven`, `undoing the favourite of the question…`,
    /// `favourite undone on the question`: what was done, to the post `target` names.
    static func voteWords(_ kind: PostVote, undo: Bool, done: Bool, on target: String) -> String {
        let noun = switch kind {
        case .upvote: "upvote"
        case .downvote: "downvote"
        case .favorite: "favourite"
        }
        if undo { return done ? "\(noun) undone on \(target)" : "undoing the \(noun) on \(target)…" }
        let verb = switch kind {
        case .upvote: done ? "upvoted" : "upvoting"
        case .downvote: done ? "downvoted" : "downvoting"
        case .favorite: done ? "favourited" : "favouriting"
        }
        return "\(verb) \(target)" + (done ? "" : "…")
    }

    /// `upvote`, `downvote`, `favourite`, or the undoing of one.
    static func voteNoun(_ request: VoteRequest) -> String {
        let noun = switch request.vote {
        case .upvote: "upvote"
        case .downvote: "downvote"
        case .favorite: "favourite"
        }
        return request.undo ? "\(noun) undo" : noun
    }
}
