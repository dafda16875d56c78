import Foundation
import Operations

/// tmux's `allow-passthrough`, asked (`tmux show -gv allow-passthrough`) on another thread as a launch starts, for
/// the pictures' probe to take when it decides (`PictureFormProbe.run`).
///
/// Asked on the main thread, the tmux client's start and its round trip to the server came between the command line
/// and curses, before every first frame inside tmux; asked here, it runs beside the settings and the store's open.
public struct TmuxPassthroughQuery: Sendable {
    private let answer: MadeAside<Bool?>

    /// Starts asking the tmux server of `environment` (`TMUX`, `PATH`); nil outside tmux.
    public static func start(environment: [String: String]) -> TmuxPassthroughQuery? {
        guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
        return TmuxPassthroughQuery(answer: MadeAside { ask(environment: environment) })
    }

    /// Whether passthrough is on (nil: tmux did not say), waiting for the answer if it has not come yet. Main thread
    /// only.
    public var passthrough: Bool? { answer.value }

    /// Asks now, on this thread.
    static func ask(environment: [String: String]) -> Bool? {
        let asked = TmuxClipboardSetting.runTmux(environment: environment, option: "allow-passthrough")
        let value = asked.flatMap { $0.status == 0 ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        return value.map { $0 == "on" || $0 == "all" }
    }
}
