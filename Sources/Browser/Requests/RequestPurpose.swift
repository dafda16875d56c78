public import Foundation
public import StackExchange

/// Why the browser made a request: what its answer is for once it comes back.
public enum RequestPurpose: Hashable, Sendable {
    /// A list page the paging machine asked for (the person's load or the prefetch: its lane tells which).
    case listPage
    /// One site's search of a search over several sites (page 1; `MergedSearch`).
    case mergedSearch(site: String)
    /// The open question's detail (first load or revalidation).
    case detail
    /// The open question's next answers page.
    case answers
    /// The open question's comments.
    case comments
    /// The site picker's list.
    case sitePicker
    /// The site names the status bar shows.
    case siteNames
    /// A vote or favourite the person cast.
    case vote
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
    /// A watch's poll (issue 30).
    case watch
    /// The one purpose of a kind sent for one thing only, named by its type (`RequestKind.ownPurpose`): such a
    /// kind adds no case here.
    case own(ObjectIdentifier)

    /// The purpose of kind `K` when it has one purpose only.
    static func of<K: RequestKind>(_ kind: K.Type) -> RequestPurpose {
        .own(ObjectIdentifier(kind))
    }
}
