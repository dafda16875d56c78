import Foundation
import StackExchangeReplica
import Testing

/// What a hostile server's strings become in the shell's output: the replica serves a question (`HostilePost`) whose
/// link carries OSC 52, OSC 8, `CSI 2J`, a title change, a DCS query, raw C1 controls and DEL, and whose title, tags,
/// author and bodies carry bidi overrides and zero-width characters. `--print` on a terminal and in a pipe, `--json`,
/// and the one-line messages on stderr show none of it, and the links are the site's own.
@Suite(.serialized)
struct ShellHostileTextEndToEndTests {
    /// Every character of `text` a terminal would act on or a reader would not see: C0 controls but the line break
    /// (and the tab), DEL, C1, and format characters (bidi controls, zero-width spaces and joiners, the BOM). With
    /// `allowingColours`, stackterm's own SGR sequences (`ESC [ … m`) are taken out first.
    static func invisible(in text: String, allowingColours: Bool = false) -> [String] {
        let checked = allowingColours
            ? text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) : text
        return checked.unicodeScalars.compactMap { scalar -> String? in
            let value = scalar.value
            if value == 0x0A || value == 0x09 { return nil }
            let bad = value < 0x20 || (0x7F...0x9F).contains(value) || scalar.properties.generalCategory == .format
            return bad ? String(format: "U+%04X", value) : nil
        }
    }

    static let questionLink = "https://stackoverflow.com/q/\(HostilePost.questionID)"
    static let answerLink = "https://stackoverflow.com/a/\(HostilePost.answerID)"

    @Test func printIntoAPipeShowsNoneOfTheHostileCharactersAndTheSitesOwnLinks() async throws {
        try await ShellEndToEndTests.with { replica, store in
            replica.injectFault(.hostilePost(path: "/2.3/search/advanced"))
            let run = try ShellRun.run(["--print", "hostile"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.invisible(in: run.output).isEmpty, "\(Self.invisible(in: run.output)) in \(run.output.debugDescription)")
            #expect(Self.invisible(in: run.errors).isEmpty)
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasPrefix("Hostile gnp.exe isolated zerowidthjoined title") == true, "\(lines)")
            #expect(lines.dropFirst().first?.hasPrefix(Self.questionLink + " · score 5 · shell tag") == true, "\(lines)")
            let header = try #require(lines.first { $0.hasPrefix("Answer by ") })
            #expect(header.hasPrefix("Answer by Mallory gnp.exe"), "\(header)")
            #expect(header.hasSuffix(" · accepted · " + Self.answerLink), "\(header)")
            // The code block is fenced, though the Markdown indented it.
            let code = try #require(lines.firstIndex { $0.hasPrefix("echo hi") })
            #expect(lines[code - 1].hasPrefix("```"), "\(lines)")
            #expect(lines[code + 1] == "```", "\(lines)")
        }
    }

    @Test func printOnATerminalWritesNoEscapeButItsOwnColours() async throws {
        try await ShellEndToEndTests.with { replica, store in
            replica.injectFault(.hostilePost(path: "/2.3/search/advanced"))
            let output = try ShellTerminalEndToEndTests.printed(
                on: replica, store: store, environment: ["COLUMNS": "100", "NO_COLOR": ""], query: "hostile")
            #expect(output.contains("\u{1B}[1m"), "coloured: \(output.debugDescription)")
            #expect(Self.invisible(in: output, allowingColours: true).isEmpty,
                    "\(Self.invisible(in: output, allowingColours: true)) in \(output.debugDescription)")
            #expect(output.contains(Self.questionLink))
        }
    }

    @Test func jsonWritesNoControlBidiOrZeroWidthCharacterAndCheckedLinks() async throws {
        try await ShellEndToEndTests.with { replica, store in
            replica.injectFault(.hostilePost(path: "/2.3/search/advanced"))
            let run = try ShellRun.run(["--json", "hostile"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.invisible(in: run.output).isEmpty, "\(Self.invisible(in: run.output))")
            // Escaped as JSON, an ESC would still reach a terminal that shows the value: none is written at all.
            #expect(!run.output.lowercased().contains("\\u001b"), "\(run.output)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let question = try #require((document["questions"] as? [[String: Any]])?.first)
            #expect(question["link"] as? String == Self.questionLink)
            #expect((question["author"] as? [String: Any])?["link"] as? String == "https://stackoverflow.com/users/\(HostilePost.userID)")
            let answer = try #require((question["answers"] as? [[String: Any]])?.first)
            #expect(answer["link"] as? String == Self.answerLink)
            #expect((answer["author"] as? [String: Any])?["link"] as? String == "https://stackoverflow.com/users/\(HostilePost.userID)")
        }
    }

    @Test func aSitesHostileErrorIsOneCleanLineOnStandardError() async throws {
        try await ShellEndToEndTests.with { replica, store in
            replica.injectFault(
                .seError(id: 403, name: "access_denied\u{202E}\u{1B}]0;pwned\u{07}\u{9B}2J\u{200B}", path: "/2.3/search/advanced"))
            let run = try ShellRun.run(["--print", "reflog"], replica: replica, store: store)
            #expect(run.status == 69, "\(run.errors)")
            #expect(run.errors.hasPrefix("stackterm: stackoverflow: "), "\(run.errors)")
            #expect(Self.invisible(in: run.errors).isEmpty, "\(Self.invisible(in: run.errors)) in \(run.errors.debugDescription)")
            #expect(run.errors.filter { $0 == "\n" }.count == 1)
        }
    }
}
