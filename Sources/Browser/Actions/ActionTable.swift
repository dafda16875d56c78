/// The one list of actions: each with its config name, help text and default keys per screen, like tig's request table.
///
/// The keymap, the help overlay, the README's key table and the config file's `[keys]` names all come
/// from this table, so they cannot disagree. Rows are in `Action.allCases` order.
public enum ActionTable {
    private static let k: Key = .character("k")
    private static let j: Key = .character("j")
    private static let g: Key = .character("g")
    private static let upperG: Key = .character("G")
    private static let l: Key = .character("l")
    private static let h: Key = .character("h")
    private static let ctrlUp: Key = .modified(.up, .control)
    private static let ctrlDown: Key = .modified(.down, .control)

    public static let entries: [ActionDescriptor] = [
        .init(.moveUp, "move_up", "move up", list: [.up, k], detail: [.up, k], sitePicker: [.up], writing: [.up],
              screenHelp: [.detail: "scroll up"]),
        .init(.moveDown, "move_down", "move down", list: [.down, j], detail: [.down, j], sitePicker: [.down],
              writing: [.down],
              screenHelp: [.detail: "scroll down"]),
        .init(.pageUp, "page_up", "page up", list: [.pageUp, ctrlUp], detail: [.pageUp, ctrlUp], sitePicker: [.pageUp],
              writing: [.pageUp]),
        .init(.pageDown, "page_down", "page down (loads more at the end)", list: [.pageDown, ctrlDown],
              detail: [.pageDown, ctrlDown],
              sitePicker: [.pageDown], writing: [.pageDown],
              screenHelp: [.detail: "page down", .sitePicker: "page down", .writing: "page down"]),
        .init(.first, "first", "first", list: [.home, g], detail: [.home, g], sitePicker: [.home], screenHelp: [.detail: "top"]),
        .init(.last, "last", "last", list: [.end, upperG], detail: [.end, upperG], sitePicker: [.end],
              screenHelp: [.detail: "bottom"]),
        .init(.open, "open", "open the question", list: [.enter, .right, l], detail: [.enter], prompt: [.enter],
              findPrompt: [.enter], sitePicker: [.enter], writing: [.enter],
              screenHelp: [.detail: "open the picture at the top of the screen", .prompt: "apply the text",
                           .findPrompt: "keep the matches", .sitePicker: "switch to the site",
                           .writing: "open the question or draft selected; go on to the preview"]),
        .init(.back, "back", "back", list: [.left, h, .backspace], detail: [.left, h, .backspace],
              screenHelp: [.detail: "back to the list"]),
        .init(.escape, "cancel", "cancel the load in flight, else back", list: [.escape], detail: [.escape],
              prompt: [.escape], findPrompt: [.escape], sitePicker: [.escape], writing: [.escape, .character("q")],
              screenHelp: [.detail: "back to the list", .prompt: "close the prompt", .findPrompt: "clear the search",
                           .sitePicker: "close the picker", .writing: "close, keeping the text as a draft"]),
        .init(.nextPage, "next_page", "next page", list: [.character("n")]),
        .init(.reload, "reload", "reload", list: [.character("r")], detail: [.character("r")]),
        .init(.cycleSort, "sort", "cycle the sort", list: [.character("s")]),
        .init(.filterTag, "tag", "filter by tag", list: [.character("t")]),
        .init(.search, "search", "search", list: [.character("/")]),
        .init(.openInBrowser, "open_in_browser", "open in a web browser", list: [.character("o")],
              detail: [.character("o")]),
        .init(.toggleRead, "toggle_read", "mark read or unread", list: [.character("m")], detail: [.character("m")]),
        .init(.bookmark, "bookmark", "bookmark the question (again: remove)", list: [.character("b")],
              detail: [.character("b")]),
        .init(.bookmarks, "bookmarks", "show the bookmarks", list: [.character("B")], detail: [.character("B")]),
        .init(.toggleHelp, "help", "help", list: [.character("?"), .function(1)], detail: [.character("?"), .function(1)],
              sitePicker: [.function(1)], writing: [.character("?"), .function(1)]),
        .init(.sites, "sites", "switch site", list: [.character("S")], detail: [.character("S")]),
        .init(.comments, "comments", "show or hide comments", detail: [.character("c")]),
        .init(.find, "find", "find in the page", detail: [.character("/")]),
        .init(.findNext, "find_next", "next match", detail: [.character("n")]),
        .init(.findPrevious, "find_previous", "previous match", detail: [.character("N")]),
        .init(.quit, "quit", "quit (back, from the detail view, but for a link's question)",
              list: [.character("q")], detail: [.character("q")],
              screenHelp: [.list: "quit", .detail: "back to the list (quit, on the question a link opened)"]),
        .init(.copyLink, "copy_link", "copy the question's link", list: [.character("y")], detail: [.character("y")]),
        .init(.copyCode, "copy_code", "copy the current post's code block", detail: [.character("Y")]),
        .init(.nextPost, "next_post", "next post", detail: [.character("J")]),
        .init(.previousPost, "previous_post", "previous post", detail: [.character("K")]),
        .init(.upvote, "upvote", "upvote (again: undo)", detail: [.character("+")]),
        .init(.downvote, "downvote", "downvote (again: undo)", detail: [.character("-")]),
        .init(.favorite, "favorite", "favourite (again: undo)", detail: [.character("f")]),
        .init(.comment, "comment", "comment on the post", detail: [.character("C")]),
        .init(.inbox, "inbox", "the inbox", list: [.character("i")], detail: [.character("i")]),
        .init(.messages, "messages", "every message of this run, in full", list: [.character("M")],
              detail: [.character("M")]),
        .init(.followLink, "follow_link", "open the numbered link [1]–[9] (the digit pressed)",
              detail: (1...9).map { .character(Character(String($0))) }),
        .init(.searchStore, "search_store", "search the store (what / does offline)",
              list: [.character("L")]),
        .init(.watch, "watch", "watch the tag filter, search or question for what is new (again: stop)",
              list: [.character("w")], detail: [.character("w")],
              screenHelp: [.detail: "watch the question for new answers and comments (again: stop)"]),
        .init(.watches, "watches", "the watched items: each watch with its new items", list: [.character("W")],
              detail: [.character("W")]),
        .init(.codeRight, "code_right", "scroll code wider than the screen to the right (its lines end in ›)",
              detail: [.character(">"), .modified(.right, .shift)]),
        .init(.codeLeft, "code_left", "scroll code back to the left", detail: [.character("<"), .modified(.left, .shift)]),
        .init(.answer, "answer", "answer the question in your editor (signed in)", detail: [.character("A")]),
        .init(.ask, "ask", "ask a question on this site in your editor (signed in)", list: [.character("A")]),
        .init(.edit, "edit", "edit your own post in your editor (the current post); in the writing screen: edit again",
              detail: [.character("e")], writing: [.character("e")],
              screenHelp: [.writing: "edit the text again in your editor"]),
        .init(.drafts, "drafts", "the drafts written in the editor and not posted", list: [.character("D")]),
        .init(.post, "post", "post the text the preview shows", writing: [.character("p")]),
        .init(.keepDraft, "keep_draft", "keep the text as a draft and close (D lists the drafts)",
              writing: [.character("k")]),
        .init(.discard, "discard", "discard the text (the draft is forgotten)", writing: [.character("d")]),
        .init(.togglePictures, "toggle_images", "show or hide the posts' images for this run", detail: [.character("I")]),
    ]

    private static let byAction: [Action: ActionDescriptor] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.action, $0) }
    )
    private static let byName: [String: ActionDescriptor] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.name, $0) }
    )

    /// The row of `action`.
    public static func descriptor(for action: Action) -> ActionDescriptor {
        // Every case has a row: `ActionTableTests` checks it.
        byAction[action]!
    }

    /// The row whose config name is `name`, or nil.
    public static func descriptor(named name: String) -> ActionDescriptor? { byName[name] }

    /// Every config name, in table order.
    public static var names: [String] { entries.map(\.name) }
}
