#if canImport(Glibc)
import Glibc
#endif

/// Bytes written to the terminal beside curses (a picture's escapes, after curses has flushed its frame), whole.
public enum TerminalOutput {
    public static func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
