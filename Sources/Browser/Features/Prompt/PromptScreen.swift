/// The prompts in the status line (tag filter, search, store search, find) and what each applied before: the
/// prompt takes every key while it is open. What an edit means is the business of the screen the prompt is for:
/// the screen returns it (`Edit`) and the model hands it on (the list applies a filter, the detail finds).
public struct PromptScreen: Equatable, Sendable {
    /// The prompt being edited, or nil.
    public var prompt: PromptState?
    /// What each prompt applied, for Up and Down in it; kept across runs.
    public var history = PromptHistory()

    /// What a key or a paste did to the prompt of `kind`: its outcome, the text it holds, and whether the history
    /// changed (it is then kept across runs).
    struct Edit: Equatable {
        let kind: PromptState.Kind
        let outcome: PromptState.Outcome
        let text: String
        var recorded = false
    }

    public init() {}

    /// Opens a prompt of `kind` holding `text`, with what it applied before.
    mutating func open(_ kind: PromptState.Kind, text: String) {
        prompt = PromptState(kind: kind, text: text, history: history.entries(for: kind))
    }

    /// Closes the prompt when it is of `kind` (find closes with the question it searched).
    mutating func close(_ kind: PromptState.Kind) {
        if prompt?.kind == kind { prompt = nil }
    }

    /// The keymap screen keys are looked up in while the prompt is open (find has its own).
    var keymapScreen: KeymapScreen? {
        prompt.map { $0.kind == .find ? .findPrompt : .prompt }
    }

    /// A key: the prompt keymap's `open` (Enter) applies, `cancel` (Esc) closes, every other key edits the text.
    /// Enter and Esc rebound away from the prompt do nothing there. Nil when no prompt is open or nothing happened.
    mutating func handle(_ key: Key, keymap: Keymap) -> Edit? {
        guard var prompt, let screen = keymapScreen else { return nil }
        let outcome: PromptState.Outcome
        switch keymap.action(for: key, on: screen) {
        case .open: outcome = prompt.apply()
        case .escape: outcome = .cancelled
        default:
            if key == .enter || key == .escape { return nil }
            outcome = prompt.edit(key)
        }
        var recorded = false
        if case .applied(let text) = outcome { recorded = history.record(text, for: prompt.kind) }
        self.prompt = outcome == .editing ? prompt : nil
        return Edit(kind: prompt.kind, outcome: outcome, text: prompt.text, recorded: recorded)
    }

    /// A bracketed paste: its text goes in as text (line breaks become spaces, and nothing in it is a key). The
    /// notice says what was cut for length. Nil when no prompt is open.
    mutating func paste(_ text: String, in context: inout ScreenContext) -> Edit? {
        guard var prompt else { return nil }
        let outcome = prompt.insert(text)
        self.prompt = prompt
        if outcome.cut > 0 {
            context.notice = "pasted \(outcome.inserted) characters (cut at \(PromptState.maximumLength); \(outcome.cut) left out)"
        }
        return Edit(kind: prompt.kind, outcome: .editing, text: prompt.text)
    }
}
