import Foundation
import Terminal
import Testing

/// Opening a question in a web browser: which command, and what is reported.
struct URLOpenerTests {
    static let url = "https://stackoverflow.com/q/1"

    @Test func browserWinsOverXdgOpen() throws {
        let command = try #require(URLOpener.command(for: Self.url, environment: ["BROWSER": "true", "PATH": "/usr/bin:/bin"]))
        #expect(command.last == Self.url)
        #expect(command.first?.hasSuffix("/true") == true)
    }

    @Test func percentSIsReplacedByTheURL() throws {
        let command = try #require(URLOpener.command(for: Self.url, environment: ["BROWSER": "nosuch:echo --open=%s", "PATH": "/usr/bin:/bin"]))
        #expect(command.dropFirst() == ["--open=\(Self.url)"])
    }

    @Test func neitherBrowserNorXdgOpenIsNoCommand() {
        #expect(URLOpener.command(for: Self.url, environment: ["BROWSER": "nosuch-browser", "PATH": "/nonexistent"]) == nil)
    }

    @Test @MainActor func reportsSuccessAndFailureOnTheMainActor() async {
        let ok = await open(environment: ["BROWSER": "true", "PATH": "/usr/bin:/bin"])
        #expect(ok == nil)
        let failed = await open(environment: ["BROWSER": "false", "PATH": "/usr/bin:/bin"])
        #expect(failed == "false exited with status 1")
        let missing = await open(environment: ["PATH": "/nonexistent"])
        #expect(missing == "cannot open a browser: set $BROWSER or install xdg-open")
    }

    @MainActor
    private func open(environment: [String: String]) async -> String? {
        await withCheckedContinuation { continuation in
            URLOpener(environment: environment).open(Self.url) { error in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: error)
            }
        }
    }
}
