import Browser
import Dispatch
import Operations
import Store
import StorePorts

/// What quitting must not lose without a word: the store's writes, waited for with one deadline, and the lines
/// naming each read mark or bookmark that is not on disk (`j b q` on a full disk used to exit 0 in silence).
struct UnsavedChanges {
    /// One line for each change not saved, without the program's name.
    let lines: [String]

    /// `EX_IOERR`: the person's changes could not all be written.
    static let exitStatus: Int32 = 74

    /// Waits up to `deadline` for the person's writes and then, within what is left of it, for the rest of the
    /// background queue (the cache's page writes: one hung on a lock never holds up the exit).
    static func drain(
        _ personal: any PersonalDataManaging, queues: QueueManager, deadline: Duration = PersonalDataManager.quitDeadline
    ) -> UnsavedChanges {
        let started = ContinuousClock.now
        let lines = personal.unsavedChanges(waitingAtMost: deadline)
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            queues.backgroundQueue.waitUntilAllOperationsAreFinished()
            drained.signal()
        }
        let left = max(.zero, deadline - (ContinuousClock.now - started))
        _ = drained.wait(timeout: .now() + .milliseconds(Int(left / .milliseconds(1))))
        return UnsavedChanges(lines: lines)
    }

    /// The lines as stderr shows them: `stackterm: ` first, with no control, bidi or zero-width character (a site
    /// name or a path could hold one), line breaks and tabs as spaces.
    var stderrLines: [String] {
        lines.map { line in
            "stackterm: " + InvisibleCharacters.removed(from: line).text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()
        }
    }

    /// The exit status for a quit that asked for `status`: 74 in place of 0 when something was not saved.
    func exitStatus(asked status: Int32) -> Int32 {
        lines.isEmpty || status != 0 ? status : Self.exitStatus
    }
}
