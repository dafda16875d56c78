import Browser
import Foundation
import Terminal
import TestSupport
import Testing

/// `[watch] notify_command`: run directly (no shell) with the title and the text as its last two arguments, made
/// inert first, in the opener's clean environment.
struct TerminalNotifierTests {
    @Test func theCommandGetsTheTitleAndTextAsArgumentsInertAndNoSecrets() async throws {
        let directory = try URLOpenerTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("arguments").path
        // Each argument on its own line, then whether the key reached the command; written whole, then renamed.
        let command = try URLOpenerTests.script(
            in: directory, name: "notify",
            body: "printf '%s\\n' \"$@\" \"key=${STACKEXCHANGE_KEY:-none}\" > '\(output).tmp' && mv '\(output).tmp' '\(output)'")
        let title = "evil\u{1B}]0;pwned\u{07}$(touch /tmp/x)\u{202E}gnp"
        await MainActor.run {
            let notifier = TerminalNotifier(
                method: .osc9, command: command + " --app stackterm",
                environment: ["PATH": "/usr/bin:/bin", "STACKEXCHANGE_KEY": "secret", "TMUX": "/tmp/tmux,1,0"])
            notifier.notify(TerminalNotification(title: title, text: "line one\nline\u{200B} two; rm -rf ~"), ifPaneHidden: false)
        }
        #expect(await eventually { FileManager.default.fileExists(atPath: output) })
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == ["--app", "stackterm", "evil]0;pwned$(touch /tmp/x)gnp", "line one line two; rm -rf ~", "key=none"])
    }
}
