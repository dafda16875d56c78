public import StorePorts

/// What the runner needs for writing in the person's editor: the round in the editor (the terminal handed over
/// whole, the file read back and kept as a draft: `EditorSession`), the drafts in the data file, and the times of
/// the person's writes shared by every stackterm.
@MainActor
public struct WritingPorts {
    /// Runs one round in the editor for `EditorJob` and returns what came of it; the main queue waits meanwhile.
    public var compose: @MainActor (EditorJob) -> EditorSessionOutcome
    public var drafts: any EditorDraftKeeping
    public var writeTimes: (any WriteTimesKeeping)?
    /// The filter writes and their checks are read with (`withbody` and the Markdown), once one is made and kept.
    public var filter: @MainActor () -> String?

    public init(
        compose: @escaping @MainActor (EditorJob) -> EditorSessionOutcome, drafts: any EditorDraftKeeping,
        writeTimes: (any WriteTimesKeeping)? = nil, filter: @escaping @MainActor () -> String? = { nil }
    ) {
        self.filter = filter
        self.compose = compose
        self.drafts = drafts
        self.writeTimes = writeTimes
    }
}
