extension BrowserState {
    /// The open question, or nil on the list screen (`DetailScreen`).
    public var detail: DetailState? {
        get { detailScreen.detail }
        set { detailScreen.detail = newValue }
        _modify { yield &detailScreen.detail }
    }

    /// The comment being written, while the editor is open (`DetailScreen`).
    public var commentEditor: CommentEditorState? {
        get { detailScreen.editor }
        set { detailScreen.editor = newValue }
        _modify { yield &detailScreen.editor }
    }

    /// The question list showing (`ListScreen`).
    public var list: ListState {
        get { listScreen.list }
        set { listScreen.list = newValue }
        _modify { yield &listScreen.list }
    }

    /// The lists a tag filter or a search was applied over, newest last (`ListScreen`).
    public var listTrail: [ListState] {
        get { listScreen.trail }
        set { listScreen.trail = newValue }
        _modify { yield &listScreen.trail }
    }

    /// The bookmarks list, while it is showing in place of the question list (`ListScreen`).
    public var bookmarks: BookmarksScreen? {
        get { listScreen.bookmarks }
        set { listScreen.bookmarks = newValue }
        _modify { yield &listScreen.bookmarks }
    }

    /// The tag, search or find prompt being edited, or nil (`PromptScreen`).
    public var prompt: PromptState? {
        get { prompts.prompt }
        set { prompts.prompt = newValue }
        _modify { yield &prompts.prompt }
    }

    /// What each prompt applied, for Up and Down in it; kept across runs (`PromptScreen`).
    public var promptHistory: PromptHistory {
        get { prompts.history }
        set { prompts.history = newValue }
        _modify { yield &prompts.history }
    }

    /// The site picker, while it is open (`SitePickerScreen`).
    public var sitePicker: SitePickerState? {
        get { sitePickerScreen.picker }
        set { sitePickerScreen.picker = newValue }
        _modify { yield &sitePickerScreen.picker }
    }
}
