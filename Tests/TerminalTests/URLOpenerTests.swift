import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Terminal
import TestSupport
import Testing

/// Opening a question in a web browser: which command, what is reported, and that nothing ever waits.
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
        let ok = await open(Self.url, environment: ["BROWSER": "true", "PATH": "/usr/bin:/bin"])
        #expect(ok == nil)
        let failed = await open(Self.url, environment: ["BROWSER": "false", "PATH": "/usr/bin:/bin"])
        #expect(failed == "false exited with status 1")
        let missing = await open(Self.url, environment: ["PATH": "/nonexistent"])
        #expect(missing == "cannot open a browser: set $BROWSER or install xdg-open")
    }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/x", "/relative/path", "https://", "http://exa mple.com"])
    @MainActor func onlyHTTPAndHTTPSLinksAreOpened(link: String) async throws {
        let directory = try Self.temporaryDirectory()
        let marker = directory.appendingPathComponent("ran").path
        let browser = try Self.script(in: directory, name: "browser", body: "touch '\(marker)'")
        let error = await open(link, environment: ["BROWSER": browser, "PATH": "/usr/bin:/bin"])
        #expect(error == "not opening a link that is not http or https")
        #expect(!FileManager.default.fileExists(atPath: marker), "the browser was never started")
        #expect(URLOpener.isWebLink("HTTPS://stackoverflow.com/q/1") && URLOpener.isWebLink("http://127.0.0.1:8080/x"))
    }

    /// A browser that stays open (until the test lets it go) must not hold up the next `o`.
    @Test func aBrowserThatStaysOpenNeverHoldsUpTheNext() async throws {
        let directory = try Self.temporaryDirectory()
        let release = directory.appendingPathComponent("release").path
        let staying = try Self.script(in: directory, name: "staying", body: "while [ ! -e '\(release)' ]; do sleep 0.02; done")
        let first = Mutex<String??>(nil)
        URLOpener(environment: ["BROWSER": staying, "PATH": "/usr/bin:/bin"]).open(Self.url) { error in first.withLock { $0 = .some(error) } }
        let second = await open(Self.url, environment: ["BROWSER": "true", "PATH": "/usr/bin:/bin"])
        #expect(second == nil)
        #expect(first.withLock { $0 } == nil, "the first browser is still open while the second one was reported")
        FileManager.default.createFile(atPath: release, contents: nil)
        #expect(await eventually { first.withLock { $0 } != nil })
    }

    @Test func textBrowsersAreRecognisedByName() {
        #expect(URLOpener.isTextBrowser("/usr/bin/w3m"))
        #expect(URLOpener.isTextBrowser("lynx"))
        #expect(!URLOpener.isTextBrowser("/usr/bin/firefox"))
        #expect(!URLOpener.isTextBrowser("xdg-open"))
    }

    @MainActor
    private func open(_ url: String, environment: [String: String]) async -> String? {
        await withCheckedContinuation { continuation in
            URLOpener(environment: environment).open(url) { error in
                dispatchPrecondition(condition: .onQueue(.main))
                continuation.resume(returning: error)
            }
        }
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// An executable shell script `name` in `directory` running `body`; its path.
    static func script(in directory: URL, name: String, body: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        // Written through a close-on-exec descriptor: a program another test starts at the same moment must not
        // inherit it open for writing, or executing the script fails with ETXTBSY (seen under load).
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array("#!/bin/sh\n\(body)\n".utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        Glibc.close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        chmod(path, 0o755)
        return path
    }
}
