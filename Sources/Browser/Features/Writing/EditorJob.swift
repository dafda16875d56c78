public import StorePorts

/// One round in the person's editor that the model asks the runner for (`BrowserEffect.compose`): the text the
/// file starts with, and whether it is a kept draft (an unchanged draft is still the text to send; an unchanged
/// fresh file cancels).
public struct EditorJob: Hashable, Sendable {
    public var site: String
    public var target: WriteTarget
    /// The editor file's whole text as it is handed over.
    public var text: String
    public var fromDraft: Bool

    public init(site: String, target: WriteTarget, text: String, fromDraft: Bool) {
        self.site = site
        self.target = target
        self.text = text
        self.fromDraft = fromDraft
    }
}
