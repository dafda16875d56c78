import StorePorts

/// The prompts' way through the model: the prompt screen (`PromptScreen`) edits; what an edit means is the list's
/// (a filter or search applied) or the detail's (find).
extension BrowserModel {
    /// Opens the prompt of `kind` holding `text`.
    mutating func openPrompt(_ kind: PromptState.Kind, text: String) {
        state.prompts.open(kind, text: text)
    }

    /// A key in the open prompt.
    mutating func handlePromptKey(_ key: Key) -> [BrowserEffect] {
        let keymap = keymap
        guard let edit = state.prompts.handle(key, keymap: keymap) else { return [] }
        let remembered: [BrowserEffect] = edit.recorded ? [remember()] : []
        if edit.kind == .find { return findPromptOutcome(edit.outcome, text: edit.text) + remembered }
        guard case .applied(let text) = edit.outcome else { return [] }
        if edit.kind == .editSummary { return applyEditSummary(text) }
        return remembered + apply(text, for: edit.kind)
    }

    /// A bracketed paste: in a prompt its text is inserted as text (line breaks become spaces, and nothing in
    /// it is a key: an Enter or Esc inside neither applies nor closes the prompt); anywhere else it is ignored
    /// with a notice, so pasted text never runs as commands.
    mutating func paste(_ text: String) -> [BrowserEffect] {
        guard let edit = withScreen(\.prompts, { $0.paste(text, in: &$1) }) else {
            state.say(warning: "paste ignored: open a prompt (/ search, t tag) to paste into it")
            return []
        }
        if edit.kind == .find { find(edit.text) }
        return []
    }

    /// Applies what a tag, search or store search prompt applied to the list.
    mutating func apply(_ text: String, for kind: PromptState.Kind) -> [BrowserEffect] {
        withScreen(\.listScreen) { $0.apply(text, for: kind, in: &$1) }
    }

    /// Keeps what is remembered across runs (the prompts' histories, whether the help was seen).
    func remember() -> BrowserEffect {
        .write(.remembered(Remembered(promptHistory: state.promptHistory.entries, helpSeen: state.helpSeen)))
    }
}
