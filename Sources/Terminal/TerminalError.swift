/// Why the terminal could not be set up, with the one-line message stackterm prints before exiting.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// stdin is not a terminal (input piped or redirected).
    case inputNotATerminal
    /// stdout is not a terminal (output piped or redirected).
    case outputNotATerminal
    /// `TERM` is not set.
    case termNotSet
    /// The terminfo database has no entry for `TERM`.
    case unknownTerm(String)
    /// The terminal cannot move its cursor (`TERM=dumb`, a printing terminal): no full-screen program can run.
    case noCursorAddressing(String)

    public var description: String {
        switch self {
        case .inputNotATerminal: "stackterm: stdin is not a terminal; run stackterm in an interactive terminal"
        case .outputNotATerminal: "stackterm: stdout is not a terminal; run stackterm in an interactive terminal"
        case .termNotSet: "stackterm: TERM is not set; set it to your terminal's type (e.g. xterm-256color)"
        case .unknownTerm(let term): "stackterm: unknown terminal type '\(term)' (no terminfo entry); set TERM to a known type"
        case .noCursorAddressing(let term):
            "stackterm: terminal type '\(term)' cannot move the cursor; run stackterm in a full-screen terminal (e.g. TERM=xterm-256color)"
        }
    }

    /// The process exit status for this refusal (1: the program could not run here).
    public var exitCode: Int32 { 1 }
}
