import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether stackterm's tmux pane is the one a person sees: for a notification when the terminal never reported
/// its focus (tmux passes focus reports on only with `focus-events on`, which is off by default).
enum TmuxPane {
    /// Asks tmux (`display-message -p -t $TMUX_PANE`) whether the pane is the active one of the active window of an
    /// attached session; nil when it cannot tell (no `$TMUX_PANE`, no tmux on `PATH`, no answer). Blocks for the
    /// child's few milliseconds: call it off the main thread.
    static func isVisible(environment: [String: String]) -> Bool? {
        guard let pane = environment["TMUX_PANE"], !pane.isEmpty,
              let tmux = URLOpener.resolve("tmux", path: environment["PATH"] ?? "") else { return nil }
        guard case .success(let ends) = ChildSpawn.pipe() else { return nil }
        let started = ChildSpawn.start(
            [tmux, "display-message", "-p", "-t", pane, "#{window_active} #{pane_active} #{session_attached}"],
            environment: environment, input: .nullDevice, output: .descriptor(ends[1]), error: .nullDevice)
        close(ends[1])
        defer { close(ends[0]) }
        guard case .success(let pid) = started else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while output.count < 4096 {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer.prefix(count)
        }
        guard case .success(0) = ChildSpawn.waitForExit(pid) else { return nil }
        let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        return fields[0] == 1 && fields[1] == 1 && fields[2] > 0
    }
}
