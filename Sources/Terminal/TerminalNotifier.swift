public import Browser
import Foundation

/// Tells the person outside the terminal: the terminal's own notification (OSC 9, OSC 777, OSC 99) or its bell,
/// passed through tmux when inside it, or `[watch] notify_command` run with the title and the text as arguments.
///
/// Sent while the terminal reports it is not focused; when it never reported its focus, only inside tmux and while
/// stackterm's pane is not the one seen (`TmuxPane`).
///
/// The command is split on spaces and run directly, never through a shell, in the same clean environment as the
/// link opener (`ChildSpawn`, `ChildEnvironment`); the title and text are made inert first, as on the screen.
@MainActor
public final class TerminalNotifier: Notifying {
    private let method: NotificationMethod
    private let insideTmux: Bool
    private let command: [String]?
    private let environment: [String: String]

    /// `method` resolved already (not `.auto`); `command` is `notify_command`, if set.
    public init(method: NotificationMethod, command: String?, environment: [String: String]) {
        self.method = method
        self.insideTmux = !(environment["TMUX"] ?? "").isEmpty
        self.command = command.map { $0.split(separator: " ").map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
        self.environment = ChildEnvironment.scrubbed(environment)
    }

    public func notify(_ notification: TerminalNotification, ifPaneHidden: Bool) {
        guard ifPaneHidden else { return send(notification) }
        // The terminal never said whether it has the focus: inside tmux, tmux can say whether the pane is seen.
        guard insideTmux else { return }
        let environment = environment
        Thread.detachNewThread {
            guard TmuxPane.isVisible(environment: environment) == false else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.send(notification) } }
        }
    }

    private func send(_ notification: TerminalNotification) {
        if let command {
            run(command, notification)
            return
        }
        let bytes = Array(notification.sequence(method, insideTmux: insideTmux).utf8)
        guard !bytes.isEmpty else { return }
        // Straight to the terminal, between two frames: a notification neither moves the cursor nor draws.
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    private func run(_ command: [String], _ notification: TerminalNotification) {
        guard let executable = URLOpener.resolve(command[0], path: environment["PATH"] ?? "") else { return }
        let arguments = [executable] + command.dropFirst()
            + [TerminalNotification.inert(notification.title, limit: TerminalNotification.titleLimit),
               TerminalNotification.inert(notification.text, limit: TerminalNotification.textLimit)]
        if case .success(let pid) = ChildSpawn.start(
            arguments, environment: environment, input: .nullDevice, output: .nullDevice, error: .nullDevice) {
            Thread.detachNewThread { _ = ChildSpawn.waitForExit(pid) }
        }
    }
}
