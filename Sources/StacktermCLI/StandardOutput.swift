import Foundation

/// The one way stackterm writes to standard output outside the screen: `--print`, `--json`, `--help`, `--version`,
/// `--print-config`, `--cache-info`, `watch --once` and the account commands all write here.
///
/// A reader that goes away early (`stackterm --print-config | true`, `| head -1`) is no crash and no message: the
/// program ends at once with status 141, as a shell reports a pipe's death by SIGPIPE, and says nothing on stderr
/// (the reader chose to stop reading). SIGPIPE itself is ignored, so the write sees EPIPE instead of a signal that
/// would end the process wherever it was. Any other failure to write (a full disk behind `>`) is said in one line
/// and ends the program with `EX_IOERR`: output that was not written must not pass for output that was.
public enum StandardOutput {
    /// The status of a launch whose reader closed the pipe: 128 + SIGPIPE, what a shell shows for a pipe's death.
    public static let brokenPipeStatus: Int32 = 141
    /// The status when stdout fails otherwise (`EX_IOERR`).
    public static let failedStatus: Int32 = 74

    /// Ignores SIGPIPE for the rest of the process, so that a closed pipe is an EPIPE the writer sees.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// How a write ended.
    public enum Outcome: Sendable, Equatable {
        case written
        /// The reader has gone (EPIPE).
        case readerGone
        /// Another error, with `errno`.
        case failed(Int32)
    }

    /// Writes all of `text` to stdout, retrying after signals and short writes.
    public static func attempt(_ text: String) -> Outcome {
        attempt(text, descriptor: STDOUT_FILENO)
    }

    /// Writes all of `text` to file descriptor `descriptor`, retrying after signals and short writes.
    static func attempt(_ text: String, descriptor: Int32) -> Outcome {
        ignoreBrokenPipeSignal()
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A descriptor left non-blocking by the reader's side: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return errno == EPIPE ? .readerGone : .failed(errno)
            }
            bytes = bytes.dropFirst(written)
        }
        return .written
    }

    /// Writes `text`; ends the program as the type says when the reader has gone or the write fails.
    public static func write(_ text: String) {
        let outcome = attempt(text)
        if outcome != .written { end(outcome) }
    }

    /// Writes `line` and a line break.
    public static func writeLine(_ line: String) {
        write(line + "\n")
    }

    /// Ends the program after a write that did not get through: quietly with 141 when the reader has gone, else with a
    /// line on stderr and `EX_IOERR`. `_exit`, so nothing buffered is flushed into the dead pipe on the way out.
    public static func end(_ outcome: Outcome) -> Never {
        switch outcome {
        case .written:
            fflush(nil)
            _exit(0)
        case .readerGone:
            _exit(brokenPipeStatus)
        case .failed(let code):
            StandardError.write("stackterm: cannot write to standard output: \(String(cString: strerror(code)))")
            _exit(failedStatus)
        }
    }
}
