/// One row of the action table: an action's config name, its help text and its default keys on each screen.
public struct ActionDescriptor: Sendable {
    public let action: Action
    /// The key of the config file's `[keys]` table, like `next_page`; part of the interface.
    public let name: String
    /// What the help overlay and the README say the action does.
    public let help: String
    /// The default keys on each screen where the action means something; a screen absent here never offers it.
    public let defaults: KeysByScreen
    /// Help text for a screen where the action does something else than `help` says (quit goes back in a detail).
    public let screenHelp: [KeymapScreen: String]

    init(
        _ action: Action, _ name: String, _ help: String,
        list: [Key]? = nil, detail: [Key]? = nil, prompt: [Key]? = nil, findPrompt: [Key]? = nil, sitePicker: [Key]? = nil,
        writing: [Key]? = nil, screenHelp: [KeymapScreen: String] = [:]
    ) {
        self.action = action
        self.name = name
        self.help = help
        // In `KeymapScreen.position` order.
        defaults = KeysByScreen(byPosition: [list, detail, prompt, findPrompt, sitePicker, writing])
        self.screenHelp = screenHelp
    }

    /// The screens the action is offered on, in `KeymapScreen` order.
    public var screens: [KeymapScreen] { KeymapScreen.allCases.filter { defaults[$0] != nil } }

    /// The help text on `screen`.
    public func help(on screen: KeymapScreen) -> String { screenHelp[screen] ?? help }
}
