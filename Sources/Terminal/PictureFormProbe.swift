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
    public static func run(
        mode: ImageMode, blocks: BlockStyle, term: String, environment: [String: String], tmux: TmuxPassthroughQuery? = nil
    ) -> PictureFormProbe {
        let colours = Int(stackterm_terminfo_colours(term))
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
