import StackExchange

/// The site picker screen (`S`): the network's sites, filtered as the person types; choosing one asks the model
/// to browse it (`ScreenTransition.browseSite`, which closes it). It owns the picker while it is open (on the
/// `ScreenStack`) and the site list's request.
public struct SitePickerScreen: Equatable, Sendable {
    /// The picker, while it is open.
    public var picker: SitePickerState?

    public init() {}

    /// Opens the picker on `currentSite` and asks for the site list on the user lane (a list under a day old
    /// comes at once).
    mutating func open(currentSite: String, in context: inout ScreenContext) -> [BrowserEffect] {
        guard context.features.siteList else {
            context.say(warning: "no site list offline")
            return []
        }
        let effects = context.ledger.cancelAll(for: .sitePicker)
        picker = SitePickerState(currentSite: currentSite)
        return effects + context.ledger.issue(.sites, lane: .user, purpose: .sitePicker, at: context.now).effects
    }

    /// The picker's site list arrived (or failed).
    mutating func receive(_ result: Result<[Site], APIError>, in context: inout ScreenContext) {
        switch result {
        case .success(let sites):
            picker?.receive(sites)
            context.lastError = nil
        case .failure(let error):
            picker?.phase = .failed(error.message)
            context.lastError = error.message
        }
    }

    /// A key: the `sites` screen of the keymap moves, chooses and closes; every other key edits the filter.
    mutating func handle(_ key: Key, in context: inout ScreenContext) -> ScreenReply {
        guard var picker else { return ScreenReply() }
        let outcome: SitePickerState.Outcome
        if let action = context.keymap.action(for: key, on: .sitePicker) {
            if action == .toggleHelp { return ScreenReply(then: .openHelp) }
            outcome = picker.perform(action, pageSize: Self.pageSize(in: context))
        } else {
            outcome = picker.edit(key)
        }
        return settle(picker, did: outcome, in: &context)
    }

    /// One notch of the wheel: the move, three times.
    mutating func wheel(_ action: Action, rows: Int) {
        for _ in 0..<rows { _ = picker?.perform(action) }
    }

    /// A click on screen row `row`: chooses the site under it.
    mutating func click(row: Int, in context: inout ScreenContext) -> ScreenReply {
        guard var picker else { return ScreenReply() }
        // The picker's rows start under its heading and a blank line.
        let index = picker.scrollOffset + row - 2
        guard row >= 2, picker.matches.indices.contains(index) else { return ScreenReply() }
        picker.select(index)
        let outcome = picker.perform(.open, pageSize: Self.pageSize(in: context))
        return settle(picker, did: outcome, in: &context)
    }

    /// Closes the picker, cancelling the site list's load if it is still in flight.
    mutating func close(in context: inout ScreenContext) -> [BrowserEffect] {
        picker = nil
        return context.ledger.cancelAll(for: .sitePicker)
    }

    /// Keeps the selection on screen (after every event).
    mutating func keepSelectionVisible(bodyHeight: Int) {
        picker?.keepSelectionVisible(height: SitePickerView.listHeight(bodyHeight: bodyHeight))
    }

    private static func pageSize(in context: ScreenContext) -> Int {
        SitePickerView.listHeight(bodyHeight: context.bodyHeight) - 1
    }

    private mutating func settle(
        _ picker: SitePickerState, did outcome: SitePickerState.Outcome, in context: inout ScreenContext
    ) -> ScreenReply {
        switch outcome {
        case .editing:
            self.picker = picker
            return ScreenReply()
        case .cancelled:
            return ScreenReply(close(in: &context), then: .close(.sitePicker))
        case .chosen(let site):
            return ScreenReply(close(in: &context), then: .browseSite(site))
        }
    }
}
