import Dispatch
public import StackExchange

/// The door to the person's own data: read marks and bookmarks, kept across runs.
///
/// Every question answers at once from memory; writes go to the store in the background, and each says how it
/// ended through its `completion`, on the main actor: nil once the change is on disk, else one line naming what
/// was not saved and why (a full disk, another program holding the file's lock past the busy timeout).
public protocol PersonalDataManaging: Sendable {
    func isRead(site: String, questionID: Int) -> Bool
    func setRead(_ read: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void)
    func isBookmarked(site: String, questionID: Int) -> Bool
    /// Bookmarks `question` on `site`, or removes the bookmark.
    func setBookmarked(
        _ bookmarked: Bool, question: Question, site: String, completion: @escaping @MainActor @Sendable (String?) -> Void)
    /// Every bookmark, of all sites, newest first; those whose question cannot be read are left out.
    func bookmarks() -> [Bookmark]
    /// Every bookmark, of all sites, newest first, with one line naming those whose question cannot be read.
    func bookmarkList() -> BookmarkList
    /// Every read mark and bookmark, at once (the browser keeps them as a value and draws from it).
    func marks() -> PersonalMarks
    /// Why bookmarks and read marks are not kept this run (a damaged or newer data file), if they are not.
    var unavailableReason: String? { get }
    /// Waits up to `deadline` for every write asked for so far (quitting), then names each change that is not on
    /// disk, one line each: the writes that failed and those still unfinished. Empty when everything was saved.
    func unsavedChanges(waitingAtMost deadline: Duration) -> [String]
    /// True while a data file that did not exist is being made and nothing has been written to it: it holds no marks
    /// yet, and whether it can be made at all (`unavailableReason`) is known once `whenSettled` runs.
    var isBeingMadeFromNothing: Bool { get }
    /// Runs `body` on the main actor once the data file's open has ended (at once, later in the main queue's turn,
    /// when it has).
    func whenSettled(_ body: @escaping @MainActor @Sendable () -> Void)
    /// Leaves the files as the next launch opens them fastest, once every write is done (quitting, after
    /// `unsavedChanges`).
    func finish()
}

extension PersonalDataManaging {
    /// A door whose data is at hand from the start.
    public var isBeingMadeFromNothing: Bool { false }

    /// A door with no files: nothing to leave.
    public func finish() {}

    public func whenSettled(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }

    /// The bookmarks, for a door that always has their questions at hand (nothing to leave out).
    public func bookmarkList() -> BookmarkList { BookmarkList(bookmarks: bookmarks()) }

    /// `setRead` when nobody waits for the outcome (tests; `unsavedChanges` still names a failure).
    public func setRead(_ read: Bool, site: String, questionID: Int) {
        setRead(read, site: site, questionID: questionID, completion: { _ in })
    }

    /// `setBookmarked` when nobody waits for the outcome.
    public func setBookmarked(_ bookmarked: Bool, question: Question, site: String) {
        setBookmarked(bookmarked, question: question, site: site, completion: { _ in })
    }
}
