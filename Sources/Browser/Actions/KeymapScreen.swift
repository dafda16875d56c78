/// The screens that have a keymap of their own: the same key may do different things on each.
public enum KeymapScreen: String, CaseIterable, Hashable, Sendable {
    /// The question list.
    case list
    /// A question with its answers.
    case detail
    /// The one-line prompt in the status bar (tag, search): every other key is typed into it.
    case prompt
}
