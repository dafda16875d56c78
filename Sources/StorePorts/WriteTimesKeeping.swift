public import Foundation

/// The moments of the person's own writes (questions, answers, edits) per site and kind, shared by every stackterm
/// through the data file, so the site's minimum time between writes and its daily allowance hold across launches.
public protocol WriteTimesKeeping: Sendable {
    /// The moments of the writes of `kind` (`question`, `answer`, `edit`) sent to `site` since `since`, oldest first.
    func writeTimes(site: String, kind: String, since: Date) -> [Date]
    /// Records that a write of `kind` was sent to `site` at `date` (written before the write goes out); nil when it
    /// reached the data file, else why not.
    @discardableResult
    func recordWrite(site: String, kind: String, at date: Date) -> String?
}
