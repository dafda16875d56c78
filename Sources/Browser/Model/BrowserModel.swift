public import Foundation
public import StackExchange
public import StorePorts

/// The browser as one value: events in, effects out, no I/O.
///
/// Keys (through the keymap), responses (carrying their request's token), store results, resizes and clock
/// ticks go in through `handle(_:at:layouts:)`; what must happen in the world comes out as `BrowserEffect`s,
/// which the runner (`BrowserController`) carries out. Every request goes through one `RequestLedger`: a response
/// whose token is no longer there changes nothing. Drawing is `BrowserRenderer.render(model, …)`, a pure function
/// of this value, the screen size and the time. The shape is Hummingbird's connection state machines: a value that
/// takes an event and returns actions (STYLE.md, "State machines as values").
public struct BrowserModel {
    /// The smallest terminal the screens are drawn in; below it a "terminal too small" notice shows.
    public static let minimumWidth = 30
    public static let minimumHeight = 6
    /// What the status bar says once the browser took a link.
    static let openedNotice = "opened in the web browser"
    /// How long a held `s` waits after its last press before the sort it stopped on is fetched.
    public static let sortDebounce: TimeInterval = 0.3

    /// What the screens show.
    public internal(set) var state: BrowserState
    /// Every request in flight, with what it is for.
    public internal(set) var ledger = RequestLedger()
    public let configuration: BrowserConfiguration
    public let features: BrowserFeatures
    /// How near the end of the list the selection must come for the next page to be prefetched; 0 turns it off.
    public var prefetchDistance = 5
    /// What the terminal can show; under `.ascii` frames hold ASCII stand-ins only.
    public var repertoire: TextRepertoire = .unicode
    /// The screen size key handling works in (page moves, scroll bounds); set by `.resize`.
    public internal(set) var width = 80
    public internal(set) var height = 11
    /// The time of the event being handled (or the last one).
    public internal(set) var now: Date
    /// Set once the person asked to quit; the runner then restores the terminal and exits 0.
    public internal(set) var isQuitRequested = false
    /// Read marks and bookmarks, as the store had them at start plus this run's changes.
    public internal(set) var marks = PersonalMarks()
    /// Why read marks and bookmarks are not kept this run, if they are not.
    var personalUnavailableReason: String?
    /// The last change the store could not write, if one failed (the store says each write's outcome: `confirmWrite`).
    var lastWriteProblem: String?
    /// Changes to read marks and bookmarks sent to the store and not yet confirmed (quitting says `saving…`).
    var writesAwaitingStore = 0
    /// How many questions were opened: names each detail's content revisions (`DetailState.Revision`).
    var detailsOpened = 0
    /// Each site's host, from the site list's `site_url` (`QuestionLink.host(ofSiteURL:)`), for the links copied.
    var siteHosts: [String: String] = [:]
    /// Whether the site names for the status bar were asked for (once, after the first list page's answer).
    var siteNamesRequested = false
    /// The answer a command-line link points at, until the detail has scrolled to it (`scrollToLinkedAnswer`).
    var pendingAnswerScroll: Int?
    /// When a comment was last sent (by this run, or by any stackterm as the data file said): the next waits out
    /// the site's 5 seconds on the model's clock.
    var lastCommentPostedAt: Date?
    /// The posts whose last write was sent and never answered, until a check tells what happened.
    var unverifiedWrites = UnverifiedWrites()
    /// The runner's layout memo, lent for the length of one event by `handle(_:at:layouts:)` and taken back
    /// after it: the memo lives beside the model, so between events the model holds no reference.
    private var lent = LentLayouts()

    public init(configuration: BrowserConfiguration, features: BrowserFeatures = BrowserFeatures(), now: Date) {
        self.configuration = configuration
        self.features = features
        self.now = now
        var query = QuestionsQuery(
            site: configuration.site, tags: configuration.tags, sort: configuration.sort,
            pageSize: configuration.pageSize, searchText: configuration.searchText
        )
        // `stackterm --offline QUERY` searches the store, as `/` does offline.
        query.searchesStore = configuration.startsOffline && configuration.searchText != nil
        state = BrowserState(list: ListState(query: query))
        state.account = Self.initialAccount(configuration: configuration, features: features)
    }

    /// The layouts key handling reads (the open document's lines, links and posts): the memo lent for this
    /// event, or a fresh one outside an event (the same layouts, laid out again).
    var layouts: LayoutMemo { lent.memo ?? LayoutMemo(highlightsCode: configuration.highlightsCode) }

    var keymap: Keymap { configuration.keymap }
    /// The rows above the status bar.
    var bodyHeight: Int { max(1, height - 1) }
    /// The question rows under the list's column header.
    var listHeight: Int { ListView.listHeight(bodyHeight: bodyHeight) }

    /// Handles one event at `now` and returns what the runner must do, in order.
    ///
    /// `layouts` is the runner's memo, lent for this event; without one the event lays out afresh (the same
    /// result, slower: for tests that drive the model alone).
    public mutating func handle(_ event: BrowserEvent, at now: Date, layouts: LayoutMemo? = nil) -> [BrowserEffect] {
        lent.memo = layouts ?? LayoutMemo(highlightsCode: configuration.highlightsCode)
        defer { lent.memo = nil }
        self.now = max(self.now, now)
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
                model.width = width
                model.height = height
                return []
            }
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
            // Feedback for `o` and the numbered links (issue 26): the browser took it.
            state.notice = Self.openedNotice
            effects = []
        case .openFailed(let message):
            state.lastError = message
            effects = []
        case .focus(let focused): effects = focusChanged(focused)
        case .quit:
            isQuitRequested = true
            effects = shutdown()
        }
        effects += loadListBeneathLinkIfDue()
        settleViewport()
        effects += noteListShown()
        if let fadesIn = state.messages.settle(now: self.now, scope: state.messageScope) {
            effects.append(.wake(after: fadesIn))
        }
        return effects
    }

    /// The first list page; the site names for the status bar follow its answer (`askForSiteNames`).
    mutating func start() -> [BrowserEffect] {
        guard state.list.loadedPages == 0, !state.list.isLoading else { return [] }
        // A link's question goes first; the list beneath it waits for it (`loadListBeneathLinkIfDue`).
        let list = configuration.startQuestion == nil ? loadListPage(1) : []
        return list + startInbox() + [.read(.remembered)] + openStartQuestion() + startWatching()
    }

    /// The site names for the status bar, in the background, once: asked after the first list page's answer, so
    /// that the site list (a large answer) never competes with the first page for the network or the decoder.
    mutating func askForSiteNames() -> [BrowserEffect] {
        guard features.siteList, !siteNamesRequested else { return [] }
        siteNamesRequested = true
        return ledger.issue(.sites, lane: .background, purpose: .siteNames, at: now).effects
    }

    /// The prompt takes every key while it is open, then the site picker; else the keymap decides.
    mutating func handle(_ key: Key) -> [BrowserEffect] {
        if state.commentEditor != nil, state.detail != nil, !state.isHelpVisible {
            // The editor types every key; a help key it cannot type (F1) opens the help.
            if case .function = key, keymap.action(for: key, on: .detail) == .toggleHelp { return openHelp() }
            return handleCommentEditorKey(key)
        }
        if state.prompt != nil { return handlePromptKey(key) }
        if state.sitePicker != nil, !state.isHelpVisible { return handleSitePickerKey(key) }
        guard let action = keymap.action(for: key, on: keymapScreen) else { return [] }
        if action == .followLink, !state.isHelpVisible, state.messagesScreen == nil, state.detail != nil,
           case .character(let character) = key, let number = character.wholeNumberValue, number > 0 {
            return followLink(number)
        }
        return perform(action)
    }

    /// Performs one action on whichever screen is showing.
    public mutating func perform(_ action: Action) -> [BrowserEffect] {
        if state.isHelpVisible { return performInHelp(action) }
        if action == .toggleHelp { return openHelp() }
        if state.messagesScreen != nil { return performInMessages(action) }
        if action == .messages {
            state.messagesScreen = MessagesScreen()
            return []
        }
        if action == .sites { return openSitePicker() }
        if let effects = performWatch(action) { return effects }
        if state.detail == nil, state.inbox.isShown { return performInInbox(action) }
        return state.detail != nil ? performInDetail(action) : performInList(action)
    }

    /// The keymap screen keys are looked up in: the open prompt's (find has its own), else the screen showing.
    var keymapScreen: KeymapScreen {
        if let prompt = state.prompt { return prompt.kind == .find ? .findPrompt : .prompt }
        if state.sitePicker != nil { return .sitePicker }
        return helpScreen
    }

    /// The screen whose keys the help overlay lists: the one under it.
    public var helpScreen: KeymapScreen { state.detail == nil ? .list : .detail }

    /// Time passed: a debounced list load that fell due is sent.
    mutating func tick() -> [BrowserEffect] {
        var effects = postDueComment() + pollInboxIfDue() + pollWatchesIfDue()
        guard let due = state.list.loadDue, now >= due else { return effects }
        effects += loadListPage(1)
        return effects
    }

    /// True while something animates (a spinner, a countdown, a load waiting to be sent).
    public var needsAnimation: Bool {
        state.list.isLoading || state.list.loadDue != nil || state.detail?.isLoading == true || isThrottleCountingDown
            || state.sitePicker?.isLoading == true || commentsLoadingSince != nil || isCommentCountingDown
    }

    /// What the last frame showed, for the trace's frame event.
    public var frameInfo: FrameInfo {
        FrameInfo(screen: state.screenName, rows: state.list.rows.count, selected: state.list.selection)
    }

    /// Cancels everything in flight (quitting).
    mutating func shutdown() -> [BrowserEffect] {
        if state.detail?.isLoading == true { state.detail?.machine.loadStopped(message: "cancelled") }
        if writesAwaitingStore > 0 {
            state.lastError = nil
            state.notice = Self.savingNotice
        }
        state.list.loadDue = nil
        let effects = carryOut(state.list.paging.cancelPrefetch()) + carryOut(state.list.paging.cancelled())
        return effects + ledger.cancelEverything()
    }

    /// Keeps what key handling relies on within the screen: the list's and the picker's selection visible,
    /// the detail's scroll within its document. Done after every event, never by drawing.
    mutating func settleViewport() {
        state.list.keepSelectionVisible(height: listHeight)
        let pickerHeight = SitePickerView.listHeight(bodyHeight: bodyHeight)
        state.sitePicker?.keepSelectionVisible(height: pickerHeight)
        if var detail = state.detail, let document = layouts.document(for: detail, width: width, now: now) {
            detail.find?.refresh(in: document.lines, width: width)
            scrollToLinkedAnswer(&detail, in: document)
            detail.scroll(by: 0, in: document, height: bodyHeight)
            state.detail = detail
        }
    }
}

extension BrowserModel {
    /// The memo lent for one event. It is nil between events and never part of what the model means, so it tells
    /// no two models apart (a model can be `Equatable` with it inside).
    struct LentLayouts: Equatable {
        var memo: LayoutMemo?

        static func == (_: LentLayouts, _: LentLayouts) -> Bool { true }
    }
}
