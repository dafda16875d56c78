import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whether the tmux stackterm runs in keeps what OSC 52 copies: its `set-clipboard` option, asked once a run.
///
/// Inside tmux an OSC 52 sequence reaches the clipboard only with `set-clipboard on`; with tmux's default,
/// `external`, tmux drops what a program inside it sends, and a copy that said `copied` would be a lie.
/// `tmux show -gv set-clipboard` answers, run through `ChildSpawn` (the environment's `$TMUX` names the server).
/// The answer is kept for the run: the option rarely changes, and asking costs a process start.
public final class TmuxClipboardSetting: Sendable {
    /// How to run `tmux show -gv set-clipboard`: its standard output and exit status, or nil when it could not run.
    public typealias Asking = @Sendable () -> (output: String, status: Int32)?

    private let ask: Asking
    /// nil until asked; then the answer (nil inside: tmux could not be asked).
    private let answer = Mutex<String??>(nil)

    public init(ask: @escaping Asking) {
        self.ask = ask
    }

    /// Asks the tmux on `environment`'s `PATH`, as the person's shell would.
    public convenience init(environment: [String: String]) {
        self.init { Self.runTmux(environment: environment) }
    }

    /// The option's value (`on`, `external`, `off`), or nil when tmux could not tell; asked on the first call only.
    public var value: String? {
        if let known = answer.withLock({ $0 }) { return known }
        let asked = ask().flatMap { $0.status == 0 ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        answer.withLock { $0 = .some(asked) }
        return asked
    }

    /// Why an OSC 52 copy would not reach the clipboard, or nil when it would (or tmux could not tell: then the copy
    /// is tried, as before there was a check).
    public var problem: String? {
        guard let value, value == "off" || value == "external" else { return nil }
        // Short enough for an 80-column status bar: the location gives way, the fix stays whole.
        return "not copied: tmux needs `set -g set-clipboard on` in tmux.conf"
    }

    /// Runs `tmux show -gv OPTION` (`set-clipboard` unless said) and reads what it prints.
    static func runTmux(environment: [String: String], option: String = "set-clipboard") -> (output: String, status: Int32)? {
        guard let tmux = URLOpener.resolve("tmux", path: environment["PATH"] ?? "") else { return nil }
        guard case .success(let ends) = ChildSpawn.pipe() else { return nil }
        let started = ChildSpawn.start([tmux, "show", "-gv", option], environment: environment,
                                       input: .nullDevice, output: .descriptor(ends[1]), error: .nullDevice)
        close(ends[1])
        defer { close(ends[0]) }
        guard case .success(let pid) = started else { return nil }
        // The answer is one short line, far below a pipe's buffer, so tmux never waits on the pipe: wait for it to
        // exit, then read what it left without blocking (the tmux server may hold a copy of the write end a while).
        guard case .success(let status) = ChildSpawn.waitForExit(pid) else { return nil }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        return (String(decoding: output, as: UTF8.self), status)
    }
}
