public import StackExchange

public import StorePorts

/// The screen, and the thing on it, a status message is about; a message never shows on another.
///
/// Overlays (help, the messages screen) are not scopes of their own: they sit over the screen whose
/// messages they leave in place.
public enum MessageScope: Hashable, Sendable {
    /// The question list for one query (a new tag, search, sort or site is another list).
    case list(QuestionsQuery)
    /// The bookmarks list.
    case bookmarks
    /// One question, with its answers.
    case detail(site: String, questionID: Int)
    /// The comment editor for one post.
    case commentEditor(site: String, postID: Int)
    /// The inbox.
    case inbox
    /// The site picker.
    case sitePicker
    /// The writing screen, for one text.
    case writing(site: String, target: WriteTarget)
    /// The drafts screen.
    case drafts
}
