import Foundation
import TestSupport
import Testing

/// How stackterm finds libcurl when the network is first needed (Sources/CLazyCurl): the candidates in turn, and a
/// library that lacks a function stackterm or Foundation calls or is older than 7.62.0 ends the program with one line naming the
/// library and what it lacks (exit 69), never a crash. The faulty libraries are built here with the C compiler.
@Suite(.serialized)
struct LibcurlLoadingEndToEndTests {
    /// The 25 functions stackterm's exchanges (HTTPExchange.c) and Foundation call, as stubs; `curl_version_info` answers `version` (and its number).
    static func fakeLibrary(named name: String, leavingOut missing: String? = nil, version: String, number: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-fake-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let functions = [
            "curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_setopt", "curl_easy_getinfo", "curl_easy_pause",
            "curl_easy_strerror", "curl_free", "curl_multi_init", "curl_multi_cleanup", "curl_multi_add_handle",
            "curl_multi_remove_handle", "curl_multi_assign", "curl_multi_info_read", "curl_multi_setopt",
            "curl_multi_socket_action", "curl_slist_append", "curl_slist_free_all", "curl_url", "curl_url_get", "curl_url_set",
            "curl_version", "curl_multi_perform", "curl_multi_wait",
        ]
        var source = "struct info { int age; const char *version; unsigned int version_num; };\n"
        source += "static struct info answer = { 0, \"\(version)\", \(number) };\n"
        source += "void *curl_version_info(int age) { (void)age; return &answer; }\n"
        for function in functions where function != missing {
            source += "void *\(function)(void) { return 0; }\n"
        }
        let sourcePath = directory.appendingPathComponent("fake.c").path
        let libraryPath = directory.appendingPathComponent(name).path
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
        compiler.arguments = ["-shared", "-fPIC", "-o", libraryPath, sourcePath]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "cc could not build the fake libcurl")
        return libraryPath
    }

    /// Runs stackterm with `STACKTERM_LIBCURL` set to `libraries`; its exit status and its one line on stderr.
    static func refusal(libraries: String) async throws -> (status: Int?, lines: [Substring]) {
        var outcome: (Int?, [Substring]) = (nil, [])
        try await StacktermRun.with(environment: ["STACKTERM_LIBCURL": libraries]) { run in
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.terminalModesAfterExit().isSuperset(of: ["icanon", "echo"]), "the terminal was restored")
            outcome = (run.exitStatus(), run.standardError().split(separator: "\n"))
        }
        return outcome
    }

    @Test func aLibcurlWithoutAFunctionFoundationCallsEndsWithOneLine() async throws {
        let library = try Self.fakeLibrary(named: "libcurl.so.4", leavingOut: "curl_url", version: "8.5.0", number: 0x080500)
        let (status, lines) = try await Self.refusal(libraries: library)
        #expect(status == 69)
        #expect(lines == ["stackterm: the network needs libcurl 4, which could not be loaded (\(library) has no curl_url); "
            + "on Debian: apt-get install libcurl4"])
    }

    @Test func aLibcurlOlderThanFoundationNeedsEndsWithOneLine() async throws {
        let library = try Self.fakeLibrary(named: "libcurl.so.4", version: "7.50.0", number: 0x073200)
        let (status, lines) = try await Self.refusal(libraries: library)
        #expect(status == 69)
        #expect(lines == ["stackterm: the network needs libcurl 4, which could not be loaded (\(library) is libcurl 7.50.0, "
            + "older than the 7.62.0 stackterm needs); on Debian: apt-get install libcurl4"])
    }

    /// The candidates are tried in turn (by default libcurl.so.4, then Debian's GnuTLS flavour, libcurl-gnutls.so.4):
    /// a first one missing and a second one too old are both said; a later good one is used.
    @Test func eachCandidateIsTriedInTurn() async throws {
        let old = try Self.fakeLibrary(named: "libcurl-gnutls.so.4", version: "7.50.0", number: 0x073200)
        let (status, lines) = try await Self.refusal(libraries: "/nonexistent/libcurl.so.4:\(old)")
        #expect(status == 69)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("/nonexistent/libcurl.so.4: cannot open shared object file") == true, "\(lines)")
        #expect(lines.first?.contains("; \(old) is libcurl 7.50.0") == true, "\(lines)")
        try await StacktermRun.with(environment: ["STACKTERM_LIBCURL": "/nonexistent/libcurl.so.4:\(old):libcurl.so.4"]) { run in
            #expect(try await run.waitForStatus("1/30+"), "the system's libcurl.so.4, third in the list, serves")
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0, "\(run.standardError())")
        }
    }
}
