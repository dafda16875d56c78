/// The screen the help was opened from: its keys are the ones the help lists, and only those.
///
/// The inbox and the bookmarks share the list's keymap but do fewer things; the comment editor types every key
/// but its few of its own. Each row comes from `ActionTable` (the editor's from `CommentEditorKeys`).
public enum HelpContext: String, Sendable, CaseIterable {
    case list, detail, inbox, bookmarks
    case sitePicker = "site picker"
    case commentEditor = "comment editor"
    case writing

    /// The keymap screen whose keys this screen uses.
    var keymapScreen: KeymapScreen {
        switch self {
        case .list, .inbox, .bookmarks: .list
        case .detail, .commentEditor: .detail
        case .sitePicker: .sitePicker
        case .writing: .writing
        }
    }

    /// The actions that do something here, with what they do when it differs from the table's words.
    private var offered: [Action: String?]? {
        let moves: [Action: String?] = [.moveUp: nil, .moveDown: nil, .pageUp: nil, .pageDown: "page down",
                                        .first: nil, .last: nil, .toggleHelp: nil, .messages: nil, .sites: nil]
        switch self {
        case .inbox:
            return moves.merging([
                .open: "open the item's question", .back: "close the inbox", .escape: "close the inbox",
                .quit: "close the inbox", .inbox: "close the inbox", .reload: "reload the inbox",
            ]) { $1 }
        case .bookmarks:
            return moves.merging([
                .open: nil, .back: "back to the question list", .escape: "back to the question list",
                .quit: "back to the question list", .bookmarks: "back to the question list",
                .reload: "reload the bookmarks", .openInBrowser: nil, .toggleRead: nil, .bookmark: "remove the bookmark",
                .copyLink: nil, .inbox: nil,
            ]) { $1 }
        case .list, .detail, .sitePicker, .commentEditor, .writing:
            return nil
        }
    }

    /// The help rows: keys, then what they do.
    func rows(keymap: Keymap) -> [(keys: String, help: String)] {
        switch self {
        case .list, .detail, .sitePicker, .writing:
            return HelpOverlay.rows(keymap: keymap, screen: keymapScreen)
        case .commentEditor:
            return CommentEditorKeys.rows + [(helpKeys(keymap, .toggleHelp, on: .detail), "help (this screen)")]
        case .inbox, .bookmarks:
            let offered = offered ?? [:]
            return ActionTable.entries.compactMap { entry -> (keys: String, help: String)? in
                guard let words = offered[entry.action] else { return nil }
                let keys = keymap.keys(for: entry.action, on: .list)
                guard !keys.isEmpty else { return nil }
                return (keys.map(\.helpLabel).joined(separator: ", "), words ?? entry.help(on: .list))
            } + [(KeymapScreen.sitePicker.helpName, HelpOverlay.brief(keymap: keymap, screen: .sitePicker))]
        }
    }

    private func helpKeys(_ keymap: Keymap, _ action: Action, on screen: KeymapScreen) -> String {
        keymap.keys(for: action, on: screen).filter { $0 == .function(1) }.map(\.helpLabel).joined(separator: ", ")
    }
}

/// The comment editor's keys: it types every other key, so these few are its whole keymap.
enum CommentEditorKeys {
    static let rows: [(keys: String, help: String)] = [
        ("Enter", "preview the comment (the site checks it)"),
        ("y", "post it, once the preview shows"),
        ("Alt-Enter, Ctrl-J", "new line"),
        ("Backspace", "delete the character before the cursor"),
        ("Esc", "close, keeping the draft (C offers it again); in the preview: back to editing"),
    ]
}
