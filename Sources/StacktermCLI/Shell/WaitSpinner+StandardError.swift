import Foundation

extension WaitSpinner {
    /// The spinner of a shell launch on this process's stderr, or nil when stderr is not a terminal, or stdout is a
    /// pipe (its reader, a pager say, may be drawing on the same terminal).
    public static func onStandardError(
        for target: ShellCommand.Target, sites: [String], offline: Bool, environment: [String: String]
    ) -> WaitSpinner? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        var status = stat()
        if fstat(STDOUT_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO || (status.st_mode & S_IFMT) == S_IFSOCK {
            return nil
        }
        let label: String
        switch target {
        case .query: label = offline ? "searching the local store…" : "searching \(sites.joined(separator: ", "))…"
        case .link(_, let link): label = "fetching the question from \(link.site)…"
        }
        return WaitSpinner(label: label, width: width(environment: environment)) { text in
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    /// `$COLUMNS`, else stderr's terminal's width, else 80.
    private static func width(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
