extension BrowserModel {
    /// A bracketed paste: in a prompt its text is inserted as text (line breaks become spaces, and nothing in
    /// it is a key: an Enter or Esc inside neither applies nor closes the prompt); anywhere else it is ignored
    /// with a notice, so pasted text never runs as commands.
    mutating func paste(_ text: String) -> [BrowserEffect] {
        guard var prompt = state.prompt else {
            state.say(warning: "paste ignored: open a prompt (/ search, t tag) to paste into it")
            return []
        }
        let outcome = prompt.insert(text)
        state.prompt = prompt
        if outcome.cut > 0 {
            state.notice = "pasted \(outcome.inserted) characters (cut at \(PromptState.maximumLength); \(outcome.cut) left out)"
        }
        if prompt.kind == .find { find(prompt.text) }
        return []
    }
}
