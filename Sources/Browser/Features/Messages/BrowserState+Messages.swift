extension BrowserState {
    /// The error line: set it to say an error (it stays until the next key on this screen), nil to clear it.
    public var lastError: String? {
        get { status.lastError }
        set { status.lastError = newValue }
    }

    /// The notice: set it to say a finished action (it fades) or, ending in `…`, work under way; nil clears it.
    /// `say(warning:)` says one that stays until the next key.
    public var notice: String? {
        get { status.notice }
        set { status.notice = newValue }
    }

    /// Says `text` as a warning: it stays until the next key on this screen.
    mutating func say(warning text: String) {
        status.say(warning: text)
    }

    /// The screen showing, as the scope of what the status bar says (overlays leave it as it is).
    public var messageScope: MessageScope {
        switch contextScreen {
        case .sitePicker: return .sitePicker
        case .detail:
            guard let detail else { return .list(list.query) }
            if let editor = commentEditor { return .commentEditor(site: editor.site, postID: editor.postID) }
            return .detail(site: detail.site, questionID: detail.questionID)
        case .inbox: return .inbox
        case .writing:
            guard let writing else { return .list(list.query) }
            return .writing(site: writing.site, target: writing.target)
        case .drafts: return .drafts
        case .list, .watches, .messages, .help: return bookmarks != nil ? .bookmarks : .list(list.query)
        }
    }
}

extension BrowserEvent {
    /// True for what a person does (a key, a click or wheel notch, a paste, an action): it ends the messages
    /// said before it. A mouse release or drag is not a new action.
    var isPersonActing: Bool {
        switch self {
        case .key, .paste, .action: true
        case .mouse(let event):
            switch event.action {
            case .release, .drag: false
            default: true
            }
        default: false
        }
    }
}
