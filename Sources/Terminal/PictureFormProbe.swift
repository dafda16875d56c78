import CNCursesW
#if canImport(Glibc)
import Glibc
#endif
public import Images
import Foundation

/// The form pictures take, found once at start-up before curses starts: `[images] mode` as set, or, for `auto`, the
/// terminal asked (`GraphicsProbeExchange`, within its deadline) and its answers weighed by `ImageFormDecision`;
/// and one cell's size in pixels (`FoundCellSize`: the window's pixels, else the terminal's answer to `CSI 16 t`
/// asked in the same exchange, else 8×16). A mode set to a pixel form asks the terminal too when the window's
/// pixels are unknown: only the cell size is wanted of it then.
///
/// Inside tmux the terminal is asked through passthrough only where `allow-passthrough` is on; else tmux would drop
/// the questions and the deadline would pass for nothing, and blocks are drawn anyway.
public struct PictureFormProbe: Sendable {
    /// The form chosen.
    public let form: ImageForm
    /// What the terminal answered, when it was asked.
    public let answers: GraphicsProbeAnswers?
    /// Inside tmux: whether `allow-passthrough` is on (nil outside tmux, or when tmux could not tell).
    public let tmuxPassthrough: Bool?
    /// One cell's size in pixels, and where it was found.
    public let cell: FoundCellSize

    /// Decides the form for `mode` on `term` (the terminfo entry the session uses).
    public static func run(mode: ImageMode, blocks: BlockStyle, term: String, environment: [String: String]) -> PictureFormProbe {
        decide(mode: mode, blocks: blocks, colours: Int(stackterm_terminfo_colours(term)), environment: environment, tmux: nil)
    }

    /// As `run`, except inside tmux with `[images] mode = "auto"` when `deferring`: tmux is not asked now, the form
    /// is decided as with passthrough off (text, the terminal not asked), and `later` decides it again once the first
    /// frame is out, with tmux's answer.
    ///
    /// The list on a launch's first frame shows no picture, and tmux's answer comes from a tmux client, about 3 ms
    /// after it starts: waiting for it held every first frame inside tmux back by that much, and its process took a
    /// core's share from the store's open beside it (BENCHMARKS.md, "The warm start on two cores"). Before
    /// curses starts, as `run`.
    public static func runOrDefer(
        mode: ImageMode, blocks: BlockStyle, term: String, environment: [String: String], deferring: Bool
    ) -> (now: PictureFormProbe, later: Later?) {
        let colours = Int(stackterm_terminfo_colours(term))
        guard deferring, mode == .auto, !(environment["TMUX"] ?? "").isEmpty else {
            return (decide(mode: mode, blocks: blocks, colours: colours, environment: environment, tmux: nil), nil)
        }
        let now = decide(mode: mode, blocks: blocks, colours: colours, environment: environment, tmux: .notKnown)
        return (now, Later(mode: mode, blocks: blocks, colours: colours, environment: environment))
    }

    /// The decision left until the first frame is out (`runOrDefer`).
    public struct Later: Sendable {
        let mode: ImageMode
        let blocks: BlockStyle
        /// The terminfo entry's colours, read before curses started (reading them sets the terminfo entry up again,
        /// which would end curses' own).
        let colours: Int
        let environment: [String: String]

        /// Asks tmux on another thread and, once it has answered, decides on the main queue and hands the decision to
        /// `decided`. Passthrough on, the terminal is asked through tmux then, on the main thread with curses started
        /// (within the exchange's deadline; keys typed meanwhile are lost, as before curses).
        @MainActor
        public func decide(then decided: @escaping @MainActor @Sendable (PictureFormProbe) -> Void) {
            guard let tmux = TmuxPassthroughQuery.start(environment: environment) else { return }
            tmux.whenAnswered { _ in
                decided(PictureFormProbe.decide(mode: mode, blocks: blocks, colours: colours, environment: environment, tmux: tmux))
            }
        }
    }

    /// The decision, with the terminfo entry's `colours`, inside tmux taking tmux's answer from `tmux` (asking it now
    /// when nil).
    static func decide(
        mode: ImageMode, blocks: BlockStyle, colours: Int, environment: [String: String], tmux: TmuxPassthroughQuery?
    ) -> PictureFormProbe {
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        var passthrough: Bool?
        var answers: GraphicsProbeAnswers?
        let window = WindowPixels.read(STDOUT_FILENO)
        let windowHasPixels = window?.cellSize(answered: nil, insideTmux: insideTmux).source == .window
        let drawsPixels = mode == .kitty || mode == .sixel || mode == .iterm
        if mode == .auto || (drawsPixels && !windowHasPixels && isatty(STDIN_FILENO) == 1) {
            if insideTmux {
                // Asked as the launch started, where it could be (`TmuxPassthroughQuery`), else now.
                passthrough = tmux.map(\.passthrough) ?? TmuxPassthroughQuery.ask(environment: environment)
            }
            if !insideTmux || passthrough == true {
                answers = GraphicsProbeExchange.ask(terminal: STDOUT_FILENO, insideTmux: insideTmux)
            }
        }
        let decision = ImageFormDecision(
            mode: mode, blockStyle: blocks, environment: environment, colours: colours, answers: answers, tmuxPassthrough: passthrough)
        let cell = window?.cellSize(answered: answers?.cellSize, insideTmux: insideTmux) ?? FoundCellSize(cell: .standard, source: .assumed)
        return PictureFormProbe(form: decision.form, answers: answers, tmuxPassthrough: passthrough, cell: cell)
    }

    /// One line for `--print-config` and the messages: the form, and what decided it.
    public var summary: String {
        var reasons: [String] = []
        if let answers {
            reasons.append(answers.isComplete ? "the terminal answered" : "the terminal did not answer within \(GraphicsProbeExchange.deadline)")
            if answers.kittyGraphics == true { reasons.append("kitty graphics") }
            if answers.hasSixel { reasons.append("sixel") }
        }
        if let tmuxPassthrough { reasons.append(tmuxPassthrough ? "tmux passthrough on" : "tmux passthrough off") }
        return reasons.isEmpty ? form.description : "\(form.description) (\(reasons.joined(separator: ", ")))"
    }
}
