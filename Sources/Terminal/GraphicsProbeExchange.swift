#if canImport(Glibc)
import Glibc
#endif
public import Images

/// Asks the terminal what pictures it draws and reads its answers, within a deadline: the kitty query, XTSMGRAPHICS
/// and DA1 last (which every terminal answers, so its answer ends the wait early).
///
/// Run before curses starts: the terminal is put in non-canonical mode without echo for the exchange and given
/// back as it was.
public enum GraphicsProbeExchange {
    /// How long a terminal may take to answer.
    public static let deadline: Duration = .milliseconds(200)

    /// The answers `terminal` (a descriptor open for reading and writing) gave before `deadline`; whatever arrived
    /// when the deadline passed (DA1 missing means the answers are incomplete).
    public static func ask(terminal: Int32, insideTmux: Bool, deadline: Duration = deadline) -> GraphicsProbeAnswers {
        var saved = termios()
        let isTerminal = tcgetattr(terminal, &saved) == 0
        if isTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            raw.c_cc.6 = 0  // VMIN
            raw.c_cc.5 = 0  // VTIME
            tcsetattr(terminal, TCSANOW, &raw)
        }
        defer { if isTerminal { tcsetattr(terminal, TCSANOW, &saved) } }

        let queries = GraphicsProbe.queries(insideTmux: insideTmux)
        var written = 0
        while written < queries.count {
            let count = queries[written...].withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return GraphicsProbeAnswers() }
            written += count
        }

        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let left = clock.now.duration(to: end)
            guard left > .zero else { break }
            let (seconds, attoseconds) = left.components
            var descriptor = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(terminal, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            received += chunk[0..<count]
            if GraphicsProbeAnswers.parse(received).isComplete { break }
        }
        return GraphicsProbeAnswers.parse(received)
    }
}
