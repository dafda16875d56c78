public import Foundation
public import StackExchange
public import StorePorts

/// The browser as one value: events in, effects out, no I/O.
///
/// Keys (through the keymap), responses (carrying their request's token), store results, resizes and clock
/// ticks go in through `handle(_:at:layouts:)`; what must happen in the world comes out as `BrowserEffect`s,
/// which the runner (`BrowserController`) carries out. The model composes the screens — each a value that owns
/// its state and answers events with effects (`ListScreen`, `DetailScreen`, `SitePickerScreen`, the inbox's
/// `InboxState`, the watches' `WatchState`, `PromptScreen`) — and routes each event to the one on top of the
/// `ScreenStack`, lending it the `ScreenContext` the screens share (with the `StatusState` in it); a move from one
/// screen to another comes back as a `ScreenTransition` the model carries out on the stack. Every request goes
/// through one `RequestLedger`: a response whose token is no longer there changes nothing. Drawing is
/// `BrowserRenderer.render(model, …)`, a pure function of this value, the screen size and the time. The shape is
/// Hummingbird's connection state machines: a value that takes an event and returns actions (STYLE.md).
public struct BrowserModel: Equatable {
    /// The smallest terminal the screens are drawn in; below it a "terminal too small" notice shows.
    public static let minimumWidth = 30
    public static let minimumHeight = 6
    /// What the status bar says once the browser took a link.
    static let openedNotice = "opened in the web browser"
    /// How long a held `s` waits after its last press before the sort it stopped on is fetched.
    public static let sortDebounce: TimeInterval = 0.3

    /// What the screens show.
    public internal(set) var state: BrowserState
    /// What the screens share: the ledger, the time, the size, the configuration, the lent layouts, the status.
    var context: ScreenContext {
        get { state.shared }
        set { state.shared = newValue }
        _modify { yield &state.shared }
    }
    /// What the terminal can show; under `.ascii` frames hold ASCII stand-ins only.
    public var repertoire: TextRepertoire = .unicode
    /// Set once the person asked to quit; the runner then restores the terminal and exits 0.
    public internal(set) var isQuitRequested = false
    /// Read marks and bookmarks, as the store had them at start plus this run's changes.
    public internal(set) var marks = PersonalMarks()
    /// Why read marks and bookmarks are not kept this run, if they are not.
    var personalUnavailableReason: String?
    /// The last change the store could not write, if one failed (the store says each write's outcome: `confirmWrite`).
    var lastWriteProblem: String?
    /// Changes to read marks, bookmarks and watches sent to the store and not yet confirmed (quitting says `saving…`).
    var writesAwaitingStore = 0
    /// A link's launch starts the inbox and the watches after the question's first frame (`startRestIfDue`).
    var deferredStart = DeferredStart.none
    /// The instant the last wake for the ages on screen was asked for (`wakeWhenAgesMove`).
    var ageWakeAt: Date?

    public init(configuration: BrowserConfiguration, features: BrowserFeatures = BrowserFeatures(), now: Date) {
        let context = ScreenContext(configuration: configuration, features: features, now: now)
        var query = QuestionsQuery(
            site: configuration.site, tags: configuration.tags, sort: configuration.sort,
            pageSize: configuration.pageSize, searchText: configuration.searchText
        )
        // `stackterm --offline QUERY` searches the store, as `/` does offline.
        query.searchesStore = configuration.startsOffline && configuration.searchText != nil
        state = BrowserState(list: ListState(query: query), shared: context)
        state.account = Self.initialAccount(configuration: configuration, features: features)
    }

    /// Handles one event at `now` and returns what the runner must do, in order.
    ///
    /// `layouts` is the runner's memo, lent for this event; without one the event lays out afresh (the same
    /// result, slower: for tests that drive the model alone).
    public mutating func handle(_ event: BrowserEvent, at now: Date, layouts: LayoutMemo? = nil) -> [BrowserEffect] {
        context.lent.memo = layouts ?? LayoutMemo(highlightsCode: configuration.highlightsCode)
        defer { context.lent.memo = nil }
        context.now = max(self.now, now)
        if event.isPersonActing { state.messages.personActed() }
        var effects: [BrowserEffect]
        switch event {
        case .start: effects = start()
        case .key(let key): effects = handle(key)
        case .action(let action): effects = perform(action)
        case .mouse(let event): effects = handle(event)
        case .paste(let text): effects = paste(text)
        case .resize(let width, let height):
            // The text wraps anew: the post being read stays at the top, not the line number.
            effects = keepingCurrentPostInPlace(rewrapped: width != self.width) { model in
                model.context.width = width
                model.context.height = height
                return []
            }
        case .cellSize(let cell): effects = changeCellSize(cell)
        case .picturesDecided(let form, let cell): effects = changePicturesForm(form, cell: cell)
        case .response(let token, let response): effects = receive(response, token: token)
        case .stored(let result): effects = receive(stored: result)
        case .tick: effects = tick()
        case .copied(let error, let confirmation):
            if let error {
                state.lastError = error
            } else {
                state.lastError = nil
                state.notice = confirmation
            }
            effects = []
        case .opened:
            // Feedback for `o` and the numbered links: the browser took it.
            state.notice = Self.openedNotice
            effects = []
        case .openFailed(let message):
            state.lastError = message
            effects = []
        case .focus(let focused): effects = state.watch.focusChanged(focused)
        case .composed(let job, let outcome): effects = receiveComposed(job, outcome: outcome)
        case .quit:
            isQuitRequested = true
            effects = shutdown()
        case .frameShown:
            // The pictures due are asked for below, with the rest of every event's upkeep.
            state.detailScreen.frameShown()
            effects = []
        }
        effects += loadListBeneathLinkIfDue()
        effects += startRestIfDue()
        settleViewport()
        effects += withScreen(\.detailScreen) { $0.fetchPicturesDue(in: &$1) }
        effects += noteListShown()
        effects += wakeWhenAgesMove()
        effects += withScreen(\.watch) { $0.hearQuota(in: &$1) }
        noteWatchWrites(effects)
        if let fadesIn = state.messages.settle(now: self.now, scope: state.messageScope) {
            effects.append(.wake(after: fadesIn))
        }
        return effects
    }

    /// A key: the comment editor, a prompt and the site picker type every key while they show; else the keymap
    /// of the screen on top decides.
    mutating func handle(_ key: Key) -> [BrowserEffect] {
        if state.stack.top == .detail, state.commentEditor != nil {
            // The editor types every key; a help key it cannot type (F1) opens the help.
            if case .function = key, keymap.action(for: key, on: .detail) == .toggleHelp { return openHelp() }
            return handleCommentEditorKey(key)
        }
        if state.prompt != nil { return handlePromptKey(key) }
        if state.stack.top == .sitePicker { return carryOut(withScreen(\.sitePickerScreen) { $0.handle(key, in: &$1) }) }
        guard let action = keymap.action(for: key, on: keymapScreen) else { return [] }
        if action == .followLink, state.stack.top == .detail,
           case .character(let character) = key, let number = character.wholeNumberValue, number > 0 {
            return followLink(number)
        }
        return perform(action)
    }

    /// Performs one action on the screen on top; help (`?`), the messages (`M`) and the site picker (`S`) open
    /// over any screen that does not take them itself.
    public mutating func perform(_ action: Action) -> [BrowserEffect] {
        switch state.stack.top {
        case .help: return performInHelp(action)
        case .messages where action != .toggleHelp: return performInMessages(action)
        default: break
        }
        switch action {
        case .toggleHelp: return openHelp()
        case .messages:
            state.messagesScreen = MessagesScreen()
            state.stack.push(.messages)
            return []
        case .sites: return openSitePicker()
        default: break
        }
        if let effects = performWriting(action) { return effects }
        let screen = state.actionScreen
        if screen == .watches {
            let site = state.list.query.site
            return carryOut(withScreen(\.watch) { $0.perform(action, defaultSite: site, in: &$1) })
        }
        if let effects = performWatch(action) { return effects }
        switch screen {
        case .inbox:
            let site = state.list.query.site
            return carryOut(withScreen(\.inbox) { $0.perform(action, site: site, in: &$1) })
        case .detail: return performInDetail(action)
        default: return performInList(action)
        }
    }

    /// The keymap screen keys are looked up in: the open prompt's (find has its own), else the screen showing.
    var keymapScreen: KeymapScreen {
        if let screen = state.prompts.keymapScreen { return screen }
        if state.stack.contains(.sitePicker) { return .sitePicker }
        return state.actionScreen == .writing || state.actionScreen == .drafts ? .writing : helpScreen
    }

    /// True while the open question's text waits for a frame to show it before its pictures are asked for: the runner
    /// then sends `.frameShown` once the next frame is out (and nothing after the frames of anything else).
    public var awaitsFrame: Bool { state.detailScreen.awaitsFrame }

    /// The keymap of the screen the help is for: the question's or the list's (the inbox and the watches read
    /// the list's).
    public var helpScreen: KeymapScreen { state.stack.contains(.detail) ? .detail : .list }
}
