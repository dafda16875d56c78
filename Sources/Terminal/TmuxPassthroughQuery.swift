import Foundation
import Operations

/// tmux's `allow-passthrough`, asked (`tmux show -gv allow-passthrough`) on another thread, for the pictures' probe
/// to take when it decides (`PictureFormProbe`).
///
/// A launch that browses asks once its first frame is out (`PictureFormProbe.Later`): asked on the main thread, the
/// tmux client's start and its round trip to the server came between the command line and curses; asked beside the
/// launch, its process took a core's share from the store's open, which the first frame waits for (BENCHMARKS.md,
/// "The warm start on two cores").
public struct TmuxPassthroughQuery: Sendable {
    private let answer: MadeAside<Bool?>

    /// Starts asking the tmux server of `environment` (`TMUX`, `PATH`); nil outside tmux.
    public static func start(environment: [String: String]) -> TmuxPassthroughQuery? {
        guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
        return TmuxPassthroughQuery { ask(environment: environment) }
    }

    /// Asks with `ask` on another thread (tests stand in for tmux with it).
    init(asking ask: @escaping @Sendable () -> Bool?) {
        answer = MadeAside(ask)
    }

    private init(answer: MadeAside<Bool?>) {
        self.answer = answer
    }

    /// Whether passthrough is on (nil: tmux did not say), waiting for the answer if it has not come yet. Main thread
    /// only.
    public var passthrough: Bool? { answer.value }

    /// Runs `body` on the main queue with the answer once tmux has given it, without waiting for it here.
    public func whenAnswered(_ body: @escaping @MainActor @Sendable (Bool?) -> Void) {
        answer.whenMade(on: .main) { passthrough in MainActor.assumeIsolated { body(passthrough) } }
    }

    /// An answer that says nothing: passthrough counted as off (`ImageFormDecision`), and the terminal not asked.
    static let notKnown = TmuxPassthroughQuery(answer: MadeAside(made: nil))

    /// Asks now, on this thread.
    static func ask(environment: [String: String]) -> Bool? {
        let asked = TmuxClipboardSetting.runTmux(environment: environment, option: "allow-passthrough")
        let value = asked.flatMap { $0.status == 0 ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        return value.map { $0 == "on" || $0 == "all" }
    }
}
