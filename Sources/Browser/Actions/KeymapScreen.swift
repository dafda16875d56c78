/// The screens that have a keymap of their own: the same key may do different things on each.
public enum KeymapScreen: String, CaseIterable, Hashable, Sendable {
    /// The question list.
    case list
    /// A question with its answers.
    case detail
    /// The one-line prompt in the status bar (tag, search): every other key is typed into it.
    case prompt
    /// The find prompt of the detail view: every other key is typed into it, and each edit searches.
    case findPrompt = "find_prompt"
    /// The site picker: every other key is typed into its filter.
    case sitePicker = "site_picker"
    /// The writing screens: the preview of a text written in the editor, the questions that may already ask it,
    /// and the drafts.
    case writing

    /// True for the screens that type every key they do not bind (prompts, the picker's filter): the config
    /// file's shared `[keys]` never reach them, so a bare letter bound there keeps typing; only their own
    /// `[keys.NAME]` table rebinds them.
    public var takesText: Bool { self == .prompt || self == .findPrompt || self == .sitePicker }

    /// The text screens this screen opens, whose keys its help lists too.
    public var opens: [KeymapScreen] {
        switch self {
        case .list: [.prompt, .sitePicker]
        case .detail: [.findPrompt, .sitePicker]
        case .prompt, .findPrompt, .sitePicker, .writing: []
        }
    }

    /// The screen's place in `allCases`: where its keys are kept in the keymap's and the action table's arrays.
    var position: Int {
        switch self {
        case .list: 0
        case .detail: 1
        case .prompt: 2
        case .findPrompt: 3
        case .sitePicker: 4
        case .writing: 5
        }
    }

    /// Hashed by its case, not by its raw value: an enum with raw values hashes its raw string by default.
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }

    /// What the help calls the screen.
    public var helpName: String {
        switch self {
        case .list: "list"
        case .detail: "detail"
        case .prompt: "tag/search prompt"
        case .findPrompt: "find prompt"
        case .sitePicker: "site picker"
        case .writing: "writing"
        }
    }
}
