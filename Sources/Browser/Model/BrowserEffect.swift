public import Foundation
public import StackExchange
public import StorePorts

/// What the browser model asks its runner to do: the only way the model touches the world.
public enum BrowserEffect: Hashable, Sendable {
    /// Send `request` on `lane`; its answer comes back as `.response(token, …)`.
    case send(RequestToken, BrowserRequest, lane: RequestPriority)
    /// The person now waits for the background request `token` (sent as `request`): move it to the user lane.
    case raise(RequestToken, BrowserRequest)
    /// Cancel the request `token` names; its answer, if one still comes, is dropped by the model.
    case cancel(RequestToken)
    /// Read the store; the answer comes back as `.stored(…)`.
    case read(StoreRead)
    /// Write to the store (in the background); its outcome comes back as `.stored(.written(…))`.
    case write(StoreWrite)
    /// Open a link in a web browser (or a text browser in the foreground); a failure comes back as `.failed`.
    case openURL(String)
    /// Open a post's picture in `[images] viewer`, else in the web browser as a link.
    case openPicture(String)
    /// Put text on the clipboard; the outcome comes back as `.copied`.
    case copy(String, confirmation: String)
    /// Deliver a `.tick` after `delay` seconds (a debounced load).
    case wake(after: TimeInterval)
    /// The sign-in ended (the API said `402` or `406`): forget the token, here and in the client.
    case signOut
    /// Tell the person outside the terminal: the configured notification, or `notify_command`; with
    /// `ifPaneHidden` (the terminal never reported its focus) only if the runner finds stackterm is not seen.
    case notify(TerminalNotification, ifPaneHidden: Bool)
    /// Hand the terminal to the person's editor on `EditorJob`'s text; how it went comes back as `.composed`.
    case compose(EditorJob)
    /// Forget the draft of `target` on `site` (posted or discarded).
    case forgetEditorDraft(site: String, target: WriteTarget)
}

/// A read of the local store the model asks for.
public enum StoreRead: Hashable, Sendable {
    /// The store's copy of a list page, shown while the request `for` names is in flight; answered as `.cachedPage`.
    case cachedPage(QuestionsQuery, page: Int, for: RequestToken)
    /// The store's copy of a question; answered as `.cachedDetail`.
    case cachedDetail(site: String, questionID: Int)
    /// Every bookmark; answered as `.bookmarks`.
    case bookmarks
    /// The draft kept for a post; answered as `.commentDraft`.
    case commentDraft(site: String, postID: Int)
    /// The inbox kept from the last run; answered as `.inbox`.
    case inbox
    /// When any stackterm last sent a comment to `site`; answered as `.commentClock`.
    case commentClock(site: String)
    /// The prompts' histories and whether the help was seen; answered as `.remembered`.
    case remembered
    /// The draft kept for a text written in the editor; answered as `.editorDraft`.
    case editorDraft(site: String, target: WriteTarget)
    /// Every draft kept, newest first; answered as `.editorDrafts`.
    case editorDrafts
    /// The filter writes are read with (the body and its Markdown), as kept; answered as `.writeFilter`.
    case writeFilter
    /// The times of the person's writes on `site`, as the data file has them; answered as `.writeClock`.
    case writeClock(site: String)
    /// The watches, what they found unseen, the quota and backoffs earlier runs met; answered as `.watches`.
    case watches
    /// What the watches found unseen; answered as `.watchItems`.
    case watchItems
}

/// A write to the local store the model asks for.
public enum StoreWrite: Hashable, Sendable {
    case setRead(Bool, site: String, questionID: Int)
    case setBookmarked(Bool, question: Question, site: String)
    /// Keeps the comment being written for a post (nil text: the draft is done with).
    case commentDraft(String?, site: String, postID: Int)
    /// Keeps the last inbox, for reading offline.
    case inbox([InboxItem])
    /// A comment is being sent to `site` at `at` (the shared comment clock).
    case commentSent(site: String, at: Date)
    /// Keeps the prompts' histories and whether the help was seen.
    case remembered(Remembered)
    /// A change to the watches.
    case watch(WatchWrite)
    /// A write of `kind` is being sent to `site` at `at` (the write clock shared through the data file).
    case writeSent(site: String, kind: WriteKind, at: Date)
}

/// What the store answered to a `StoreRead`, or told the runner since.
public enum StoreResult: Sendable {
    case cachedPage(Cached<Page<Question>>?, page: Int, for: RequestToken)
    case cachedDetail(Cached<QuestionDetail>?, site: String, questionID: Int)
    /// Every bookmark whose question could be read, and one line naming those that could not, if any.
    case bookmarks([Bookmark], problem: String? = nil)
    /// The person's marks at start, and why they are not kept (a damaged data file), if they are not.
    case personal(PersonalMarks, unavailableReason: String?)
    case commentDraft(String?, site: String, postID: Int)
    case inbox([InboxItem])
    case commentClock(Date?, site: String)
    /// One-line notes the store had to give (damage found, the cache turned off).
    case notices([String])
    /// The store finished `write`: on disk (nil), or the one-line reason it is not.
    case written(StoreWrite, problem: String?)
    /// What was remembered from earlier runs.
    case remembered(Remembered)
    case watches(WatchSnapshot)
    case watchItems([WatchedItem])
    case editorDraft(EditorDraft?, site: String, target: WriteTarget)
    case editorDrafts([EditorDraft])
    case writeClock(WriteClock, site: String)
    case writeFilter(String?)
}
