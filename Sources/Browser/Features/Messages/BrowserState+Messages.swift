extension BrowserState {
    /// The error line: set it to say an error (it stays until the next key on this screen), nil to clear it.
    public var lastError: String? {
        get { messages.error?.text }
        set {
            if let newValue { messages.say(newValue, kind: .error) } else { messages.clearError() }
        }
    }

    /// The notice: set it to say a finished action (it fades) or, ending in `…`, work under way; nil clears it.
    /// `say(warning:)` says one that stays until the next key.
    public var notice: String? {
        get { messages.notice?.text }
        set {
            if let newValue { messages.say(newValue, kind: StatusMessage.noticeKind(of: newValue)) } else { messages.clearNotice() }
        }
    }

    /// Says `text` as a warning: it stays until the next key on this screen.
    mutating func say(warning text: String) {
        messages.say(text, kind: .warning)
    }

    /// The screen showing, as the scope of what the status bar says (overlays leave it as it is).
    public var messageScope: MessageScope {
        if sitePicker != nil { return .sitePicker }
        if let detail {
            if let editor = commentEditor { return .commentEditor(site: editor.site, postID: editor.postID) }
            return .detail(site: detail.site, questionID: detail.questionID)
        }
        if inbox.isShown { return .inbox }
        if bookmarks != nil { return .bookmarks }
        return .list(list.query)
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
