/// Every exit status stackterm ends with and what it means: the one list that `--help`'s summary and the manual
/// page's EXIT STATUS section are made from.
public enum ExitStatusCatalog {
    /// One exit status.
    public struct Entry: Sendable, Equatable {
        public var status: Int32
        /// A few words, for `--help`'s one-line summary (shell statuses only).
        public var short: String?
        /// The manual page's sentence.
        public var meaning: String
    }

    /// What a launch that answers on stdout (`--print`, `--json`, a query into a pipe) ends with; the switch makes a
    /// new `ShellExit` case impossible to leave out.
    static func shellEntry(_ exit: ShellExit) -> Entry {
        switch exit {
        case .found:
            Entry(status: exit.rawValue, short: "found", meaning: "Found something (the shell), or the browser was left with q.")
        case .nothing:
            Entry(status: exit.rawValue, short: "nothing found",
                  meaning: "Nothing found (every site answered); or stdin or stdout is not a terminal for the browser, TERM is unusable, or the trace file cannot be created.")
        case .usage:
            Entry(status: exit.rawValue, short: "usage", meaning: "A bad command line (EX_USAGE), said on one line.")
        case .unavailable:
            Entry(status: exit.rawValue, short: "unavailable",
                  meaning: "The network, libcurl or the API could not be used (EX_UNAVAILABLE).")
        case .throttled:
            Entry(status: exit.rawValue, short: "throttled (seconds on stderr)",
                  meaning: "Throttled or backing off (EX_TEMPFAIL): stderr says how many seconds to wait.")
        case .config:
            Entry(status: exit.rawValue, short: "config", meaning: "A bad config file (EX_CONFIG), named with its line.")
        case .brokenPipe:
            Entry(status: exit.rawValue, short: "stdout's reader went away",
                  meaning: "Standard output was closed by its reader (a pipe that ended early); nothing is said on stderr.")
        }
    }

    /// Every status, in numeric order.
    public static let entries: [Entry] = {
        let shell = [ShellExit.found, .nothing, .usage, .unavailable, .throttled, .config, .brokenPipe].map(shellEntry)
        let others = [
            Entry(status: 73, short: nil, meaning: "--write-default-config found a file already there, or could not create it (EX_CANTCREAT)."),
            Entry(status: 129, short: nil, meaning: "Ended by SIGHUP (the terminal restored first)."),
            Entry(status: 74, short: nil, meaning: "Standard output could not be written (EX_IOERR), or a bookmark or read mark could not be saved (each named on stderr)."),
            Entry(status: 130, short: nil, meaning: "Ended by SIGINT (the terminal restored first)."),
            Entry(status: 143, short: nil, meaning: "Ended by SIGTERM (the terminal restored first)."),
        ]
        return (shell + others).sorted { $0.status < $1.status }
    }()

    /// `--help`'s summary: "0 found, 1 nothing found, 64 usage, …".
    public static var summary: String {
        entries.compactMap { entry in entry.short.map { "\(entry.status) \($0)" } }.joined(separator: ", ")
    }
}
