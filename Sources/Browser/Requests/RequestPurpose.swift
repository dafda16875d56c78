public import Foundation
public import StackExchange

/// Why the browser made a request: what its answer is for once it comes back.
///
/// The cases are the purposes of kinds that serve several (the site list for the picker or the status bar's
/// names, a page for the list or for one site of a merged search) or that carry what the reply is checked
/// against; a kind with one purpose has its own (`RequestKind.ownPurpose`), named here by a static for the
/// browser's kinds and not at all for a new one.
public enum RequestPurpose: Hashable, Sendable {
    /// List page `page` the paging machine asked for (the person's load or the prefetch: its lane tells which).
    case listPage(page: Int)
    /// One site's search of a search over several sites (page 1; `MergedSearch`).
    case mergedSearch(site: String)
    /// Answers page `page` of the open question (past the first hundred).
    case answers(page: Int)
    /// The site picker's list.
    case sitePicker
    /// The site names the status bar shows.
    case siteNames
    /// The comment editor's preview, then its post.
    case commentPreview
    case commentPost
    /// The inbox screen's items; the status bar's unread count.
    case inbox
    case inboxBadge
    /// Whether the vote (its request) whose answer never came landed.
    case voteCheck(VoteRequest)
    /// Whether the comment (its request, sent at `sentAt`) whose answer never came was posted.
    case commentCheck(AddCommentRequest, sentAt: Date)
    /// The one purpose of a kind sent for one thing only, named by its type (`RequestKind.ownPurpose`): such a
    /// kind adds no case here.
    case own(ObjectIdentifier)

    /// The open question's detail (first load or revalidation).
    static var detail: RequestPurpose { BrowserRequest.Detail.ownPurpose }
    /// The open question's comments.
    static var comments: RequestPurpose { BrowserRequest.Comments.ownPurpose }
    /// A vote or favourite the person cast.
    static var vote: RequestPurpose { BrowserRequest.Vote.ownPurpose }
    /// A watch's poll.
    static var watch: RequestPurpose { BrowserRequest.Watch.ownPurpose }

    /// The purpose of kind `K` when it has one purpose only.
    static func of<K: RequestKind>(_ kind: K.Type) -> RequestPurpose {
        .own(ObjectIdentifier(kind))
    }
}
