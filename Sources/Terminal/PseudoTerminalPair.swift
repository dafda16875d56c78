import Foundation
import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal's two ends, open in this process: a program's end and the end that plays its terminal (for
/// tests of exchanges with a terminal, such as `GraphicsProbeExchange`).
public struct PseudoTerminalPair: Sendable {
    /// The end the terminal emulator holds.
    public let master: Int32
    /// The end a program reads and writes as its terminal.
    public let slave: Int32

    /// Opens a new pair; nil when the system has no pseudo-terminal to give.
    public static func open() -> PseudoTerminalPair? {
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { return nil }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = slaveName(of: master) else {
            Glibc.close(master)
            return nil
        }
        let slave = Glibc.open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            Glibc.close(master)
            return nil
        }
        return PseudoTerminalPair(master: master, slave: slave)
    }

    /// The path of `master`'s other end, by `ptsname_r`: `ptsname` answers in one buffer for the whole process, so two
    /// threads opening pairs at once could each open the other's end (seen: a test's queries reached another test's
    /// terminal, and one waited for them forever).
    static func slaveName(of master: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard ptsname_r(master, &buffer, buffer.count) == 0 else { return nil }
        return String(cString: buffer)
    }

    /// Closes both ends.
    public func close() {
        Glibc.close(slave)
        Glibc.close(master)
    }
}
