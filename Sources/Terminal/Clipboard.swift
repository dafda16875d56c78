public import Browser
public import Foundation

/// The clipboards stackterm can copy to: OSC 52 through the terminal, or a `copy_command`.
public enum Clipboard {
    /// `copy_command` when one is configured, else OSC 52 up to `osc52MaxBytes` of base64; inside tmux (`$TMUX`)
    /// the OSC 52 copy first checks that tmux's `set-clipboard` lets it through.
    public static func make(
        copyCommand: String?, osc52MaxBytes: Int = OSC52Clipboard.defaultMaxBytes, environment: [String: String]
    ) -> any Copying {
        if let copyCommand { return CommandClipboard(command: copyCommand, environment: environment) }
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        return OSC52Clipboard(maxBytes: osc52MaxBytes, tmux: insideTmux ? TmuxClipboardSetting(environment: environment) : nil)
    }
}

/// Copies by writing an OSC 52 sequence to the terminal, which works over SSH and inside tmux.
///
/// The one escape sequence stackterm writes outside ncurses. It carries only the base64 of the copied text,
/// so nothing from the network reaches the terminal unencoded. Inside tmux it needs `set -g set-clipboard on`
/// (tmux then keeps the text as a paste buffer and passes it on to the outer terminal); `tmux` checks that and
/// says how to turn it on instead of sending a sequence tmux would drop.
public struct OSC52Clipboard: Copying {
    /// Where the sequence goes: the terminal ncurses draws on.
    private let write: @Sendable (Data) -> Void
    /// The largest payload (base64) sent; tmux and most terminals drop a longer one without a word.
    public let maxBytes: Int
    /// The tmux stackterm runs in, when it does.
    public let tmux: TmuxClipboardSetting?

    /// 100 kB of base64 (`[copy] osc52_max_bytes`): within what tmux, xterm, kitty and WezTerm take.
    public static let defaultMaxBytes = 100_000

    public init(
        maxBytes: Int = OSC52Clipboard.defaultMaxBytes, tmux: TmuxClipboardSetting? = nil,
        write: @escaping @Sendable (Data) -> Void = { FileHandle.standardOutput.write($0) }
    ) {
        self.maxBytes = maxBytes
        self.tmux = tmux
        self.write = write
    }

    /// Where tmux is asked about `set-clipboard`: off the main queue (it starts a process).
    private static let tmuxQueue = DispatchQueue(label: "stackterm.clipboard.tmux")

    /// `ESC ] 52 ; c ; <base64> BEL`: set the clipboard selection to the decoded text.
    public static func sequence(for text: String) -> Data {
        Data("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }

    public func copy(_ text: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        let encoded = (text.utf8.count + 2) / 3 * 4
        guard encoded <= maxBytes else {
            let problem = "too large for the terminal's clipboard: \(encoded / 1000) kB of base64, over osc52_max_bytes "
                + "(\(maxBytes / 1000) kB); set copy_command to copy it"
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(problem) } }
            return
        }
        guard let tmux else {
            // Called on the main queue after ncurses flushed its frame, so the sequence never splits one of its writes.
            write(Self.sequence(for: text))
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(nil) } }
            return
        }
        let write = write
        Self.tmuxQueue.async {
            let problem = tmux.problem
            // Back on the main queue, between two of ncurses's frames, for the write.
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    if problem == nil { write(Self.sequence(for: text)) }
                    completion(problem)
                }
            }
        }
    }
}

/// Copies by running `copy_command` (through `/bin/sh -c`) with the text on its stdin, off the main queue.
public struct CommandClipboard: Copying {
    let command: String
    let environment: [String: String]
    private let queue = DispatchQueue(label: "stackterm.clipboard")

    public init(command: String, environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    public func copy(_ text: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        let command = command
        let environment = environment
        queue.async {
            let error = Self.run(command, input: Data(text.utf8), environment: environment)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(error) } }
        }
    }

    /// Runs the command to the end; a one-line error, or nil when it exited 0.
    static func run(_ command: String, input: Data, environment: [String: String]) -> String? {
        let ends: [Int32]
        switch ChildSpawn.pipe() {
        case .success(let pipe): ends = pipe
        case .failure(let error): return "cannot run copy_command: \(error)"
        }
        let started = ChildSpawn.start(["/bin/sh", "-c", command], environment: environment,
                                       input: .descriptor(ends[0]), output: .nullDevice, error: .nullDevice)
        close(ends[0])
        guard case .success(let pid) = started else {
            close(ends[1])
            if case .failure(let error) = started { return "cannot run copy_command: \(error)" }
            return nil
        }
        // A command that exits without reading makes the write fail with EPIPE (SIGPIPE is ignored); the exit status tells.
        input.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(ends[1], bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        close(ends[1])
        let name = command.split(separator: " ").first.map(String.init) ?? command
        switch ChildSpawn.waitForExit(pid) {
        case .success(0): return nil
        case .success(let status): return "\(name) exited with status \(status)"
        case .failure(let error): return "\(name): \(error)"
        }
    }
}
