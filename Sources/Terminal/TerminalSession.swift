#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import Browser
import CNCursesW

/// The terminal in curses mode: checks it can run, starts ncurses, and restores the terminal on every path.
///
/// `start()` refuses a non-terminal stdin or stdout, an unknown `TERM` and a terminal that cannot move
/// its cursor (`TERM=dumb`) before touching the terminal. `end()` may be called any number of times from any exit path; crash signals and
/// `exit()` restore the terminal too (a C handler and an `atexit` hook), so the shell is never
/// left in raw mode. Main queue only.
@MainActor
public final class TerminalSession {
    /// True between a successful `start()` and `end()`.
    public private(set) var isActive = false
    /// What frames may hold in the locale `start()` chose: all of Unicode, or ASCII when no UTF-8 locale exists.
    public private(set) var repertoire: TextRepertoire = .unicode
    private var screen: OpaquePointer?
    /// `TERM` once `check` passed, so `start` need not read the terminfo entry again.
    private var checkedTerm: String?

    public init() {}

    /// Checks the terminal and switches it to curses mode; returns the painter for its frames.
    ///
    /// A second call while active returns a fresh painter without restarting curses.
    public func start(environment: [String: String]) throws(TerminalError) -> ScreenPainter {
        if isActive { return ScreenPainter() }
        let term: String
        if let checkedTerm { term = checkedTerm } else { term = try check(environment: environment) }
        repertoire = TerminalLocale.activate()
        // Our own SIGWINCH source does the resizing; with the signal ignored before newterm,
        // ncurses does not install a handler of its own.
        signal(SIGWINCH, SIG_IGN)
        guard let screen = stackterm_newterm(term) else { throw .unknownTerm(term) }
        self.screen = screen
        isActive = true
        stackterm_install_crash_handlers()
        atexit { stackterm_end_curses_if_active() }
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        keypad(stackterm_stdscr(), true)
        nodelay(stackterm_stdscr(), true)
        intrflush(stackterm_stdscr(), false)
        curs_set(0)
        return ScreenPainter()
    }

    /// Checks that stackterm can run here without touching the terminal; returns `TERM`.
    ///
    /// `start()` checks again; calling this first lets the first request go out before curses starts.
    @discardableResult
    public func check(environment: [String: String]) throws(TerminalError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw .inputNotATerminal }
        guard isatty(STDOUT_FILENO) == 1 else { throw .outputNotATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        switch stackterm_cursor_addressing(term) {
        case -1: throw .unknownTerm(term)
        case 0: throw .noCursorAddressing(term)
        default:
            checkedTerm = term
            return term
        }
    }

    /// Restores the terminal (leaves curses mode); does nothing when not active.
    public func end() {
        guard isActive else { return }
        isActive = false
        endwin()
    }

    /// Leaves curses mode for a program that takes the terminal over (`ForegroundProgram`); `resume()` returns.
    func suspend() {
        guard isActive else { return }
        def_prog_mode()
        endwin()
    }

    /// Back to curses mode after `suspend()`; the caller repaints the whole screen.
    func resume() {
        guard isActive else { return }
        reset_prog_mode()
        // The program may have left the keypad in cursor mode; asking again sends `smkx`, so the arrows
        // arrive as the sequences terminfo names (the decoder takes either form all the same).
        keypad(stackterm_stdscr(), false)
        keypad(stackterm_stdscr(), true)
        wrefresh(stackterm_stdscr())
    }

    /// The terminal's size in rows and columns as curses currently knows it.
    public var size: (rows: Int, columns: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        stackterm_getmaxyx(stackterm_stdscr(), &rows, &columns)
        return (Int(rows), Int(columns))
    }

    /// Asks the kernel for the terminal's new size after SIGWINCH and resizes curses to it.
    ///
    /// Returns false when the size could not be read (curses keeps its old size).
    @discardableResult
    public func resizeToWindow() -> Bool {
        guard isActive else { return false }
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard stackterm_window_size(STDOUT_FILENO, &rows, &columns) == 0 else { return false }
        resizeterm(rows, columns)
        return true
    }

    /// Reads every input waiting (`get_wch` until ERR): one read event's worth, for `KeyDecoder`.
    public func readInputs() -> [RawInput] {
        guard isActive else { return [] }
        var inputs: [RawInput] = []
        var value: wint_t = 0
        while true {
            let result = get_wch(&value)
            if result == OK {
                inputs.append(.character(UInt32(value)))
            } else if result == KEY_CODE_YES {
                inputs.append(.keyCode(Int32(bitPattern: UInt32(value))))
            } else {
                break
            }
        }
        return inputs
    }
}
