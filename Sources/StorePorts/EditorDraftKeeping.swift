public import Foundation

/// A text written in the editor and not yet posted or discarded: the editor's file as the person left it.
public struct EditorDraft: Hashable, Sendable {
    /// The site's API name.
    public var site: String
    /// What it is for.
    public var target: WriteTarget
    /// The editor file's whole text (instructions block and headers included), so editing it again opens the same file.
    public var text: String
    /// When it was last kept.
    public var updatedAt: Date
    /// When a write of this text was sent whose answer never came (nil: none is pending). Until it is looked for on
    /// the site and not found, the text is not sent again.
    public var sentAt: Date?

    public init(site: String, target: WriteTarget, text: String, updatedAt: Date, sentAt: Date? = nil) {
        self.site = site
        self.target = target
        self.text = text
        self.updatedAt = updatedAt
        self.sentAt = sentAt
    }
}

/// Where drafts are kept: the person's data file, per site and per target, from the moment the editor returns until
/// the text is posted or discarded. A draft that cannot be written (a read-only or full disk) stays in memory for the
/// run, and the refusal is said.
public protocol EditorDraftKeeping: Sendable {
    /// The draft for `target` on `site`, if one is kept.
    func draft(site: String, target: WriteTarget) -> EditorDraft?
    /// Keeps `draft`, replacing the one for its target; nil when it reached the data file, else why not (it is then
    /// kept in memory for this run).
    func keep(_ draft: EditorDraft) -> String?
    /// Forgets the draft for `target` on `site` (posted or discarded).
    func discard(site: String, target: WriteTarget)
    /// Every draft, newest first.
    func allDrafts() -> [EditorDraft]
}
