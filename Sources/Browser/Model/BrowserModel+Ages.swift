import Foundation

extension BrowserModel {
    /// After every event: a wake for the instant an age on screen ("asked 5m", an answer's, a row's) next reads
    /// differently, so a screen left alone shows the ages moving on. One wake is asked for each such instant.
    mutating func wakeWhenAgesMove() -> [BrowserEffect] {
        guard let next = nextAgeChange(), next != ageWakeAt else { return [] }
        ageWakeAt = next
        return [.wake(after: max(0, next.timeIntervalSince(now)))]
    }

    /// When an age the screen shows next reads differently: the open question's (its document's, or its header's
    /// while it loads), else the rows of the list in view, on the clock's next whole minute: a screenful of rows
    /// asked minutes apart would otherwise wake the browser at each one's own second, up to a wake a row a minute.
    private func nextAgeChange() -> Date? {
        guard !isQuitRequested else { return nil }
        if let detail = state.detail {
            if let document = context.layouts.document(for: detail, width: width, now: now) { return document.agesChangeAt }
            return RelativeAge.nextChange(of: detail.question.creationDate, after: now)
        }
        let list = state.list
        let shown = list.rows.dropFirst(list.scrollOffset).prefix(bodyHeight)
        return RelativeAge.nextChange(of: shown.map(\.creationDate), after: now).map(Self.wholeMinute(atOrAfter:))
    }

    /// `date`, or the first whole minute of the clock after it.
    static func wholeMinute(atOrAfter date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60)
    }
}
