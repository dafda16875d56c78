import Foundation
import StackExchangeReplica
import Terminal
import TestSupport
import Testing

/// The pixel forms in the real binary on a pseudo-terminal whose small fake terminal answers the start-up probe:
/// kitty (the query answered OK) sends a picture once, places it again when it scrolls back into view, takes it
/// off the screen when it leaves and deletes it when the question is left; sixel (DA1 with 4) draws only the
/// pictures in view. The cell's size in pixels the fake terminal answers (`CSI 16 t`) scales the pictures, and its
/// sixel geometry (XTSMGRAPHICS) caps them.
@Suite(.serialized)
struct PicturePixelsEndToEndTests {
    static let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c"
    static let sixelAnswer = "\u{1B}[?1;0;256S\u{1B}[?62;4;22c"
    /// A terminal whose cells are 12×24 pixels.
    static let kittyCellAnswer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;24;12t\u{1B}[?62;22c"
    static let sixelCellAnswer = "\u{1B}[?1;0;256S\u{1B}[6;24;12t\u{1B}[?62;4;22c"
    /// A sixel terminal that draws at most 64×64 pixels.
    static let sixelSmallGeometryAnswer = "\u{1B}[?1;0;256S\u{1B}[?2;0;64;64S\u{1B}[?62;4;22c"

    /// Runs stackterm on the Photography questions in a `80×12` pseudo-terminal that answers DA1 with `answer`.
    static func withTerminal(
        answer: String, config: String? = nil, _ body: (PseudoTerminal, ReplicaServer) async throws -> Void
    ) async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(latencyMilliseconds: 10, quota: 10_000))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let config {
            let folder = directory.appendingPathComponent("config/stackterm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: folder.appendingPathComponent("config.toml"))
        }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CACHE_HOME": directory.path + "/cache", "XDG_DATA_HOME": directory.path + "/data",
            "XDG_CONFIG_HOME": directory.path + "/config",
        ]
        let arguments = [Binaries.stackterm, "--api-base", replica.baseURL.absoluteString, "--site", "photo"]
        // The probe's DA1 comes last: the terminal answers once it has seen it.
        let terminal = try PseudoTerminal(arguments, environment: environment, width: 80, height: 12, answering: ["\u{1B}[c": answer])
        do {
            try await body(terminal, replica)
        } catch {
            terminal.stop()
            try await replica.shutdown()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        terminal.stop()
        try await replica.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    static func openFirstQuestion(_ terminal: PseudoTerminal) async throws {
        #expect(await eventually { terminal.hasWritten("Why does my exposure curve") })
        terminal.type("\r")
        // curses writes only the cells that change: the box's size, once the picture is in.
        #expect(await eventually { terminal.hasWritten("96×48") })
    }

    @Test func kittySendsAPictureOncePlacesItByIdAndDeletesItOnLeaving() async throws {
        try await Self.withTerminal(answer: Self.kittyAnswer) { terminal, _ in
            try await Self.openFirstQuestion(terminal)
            let transmit = "a=t,f=32,o=z,s=96,v=48,i=1,"
            let place = "\u{1B}_Ga=p,i=1,p=1,c=12,r=3,C=1,q=2\u{1B}\\"
            #expect(await eventually { terminal.occurrences(of: place) == 1 })
            #expect(terminal.occurrences(of: transmit) == 1)
            // Scrolled until the picture leaves the screen: its placement goes, its pixels stay in the terminal.
            for _ in 0..<8 { terminal.type("j") }
            #expect(await eventually { terminal.occurrences(of: "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\") >= 1 })
            let placedBefore = terminal.occurrences(of: place)
            // Back at the top: placed again by id, never sent again.
            terminal.type("g")
            #expect(await eventually { terminal.occurrences(of: place) == placedBefore + 1 })
            #expect(terminal.occurrences(of: transmit) == 1)
            // Leaving the question deletes it.
            terminal.type("h")
            #expect(await eventually { terminal.occurrences(of: "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\") == 1 })
            #expect(!terminal.hasWritten("\u{1B}P0;1;0q"), "no sixel for a kitty terminal")
        }
    }

    @Test func sixelDrawsOnlyThePicturesInView() async throws {
        try await Self.withTerminal(answer: Self.sixelAnswer) { terminal, replica in
            try await Self.openFirstQuestion(terminal)
            #expect(await eventually { terminal.occurrences(of: "\u{1B}P0;1;0q\"1;1;96;48") == 1 })
            // The answer's photograph is fetched (two at a time) but not drawn: it is below the screen.
            #expect(await eventually { replica.requestCount(pathPrefix: "/img/photo.jpg") == 1 })
            #expect(terminal.occurrences(of: "\u{1B}P0;1;0q\"1;1;64;40") == 0)
            #expect(terminal.occurrences(of: "\u{1B}_G") == 1, "no kitty command but the probe's query")
            // Two lines down, the plot moves up a row and is drawn again where it now is.
            terminal.type("jj")
            #expect(await eventually { terminal.occurrences(of: "\u{1B}P0;1;0q\"1;1;96;48") == 2 })
        }
    }

    @Test func kittyPlacesAPictureInTheCellsOfTheSizeTheTerminalAnswered() async throws {
        try await Self.withTerminal(answer: Self.kittyCellAnswer) { terminal, _ in
            try await Self.openFirstQuestion(terminal)
            // 96×48 pixels in cells of 12×24: 8 columns by 2 rows (in the assumed 8×16 cells, 12 by 3).
            #expect(await eventually { terminal.occurrences(of: "\u{1B}_Ga=p,i=1,p=1,c=8,r=2,C=1,q=2\u{1B}\\") == 1 })
            #expect(terminal.occurrences(of: "c=12,r=3") == 0)
        }
    }

    @Test func sixelScalesAPictureWithTheCellSizeTheTerminalAnswered() async throws {
        // One row at most: 24 pixels high in 12×24 cells (16 in the assumed 8×16 ones).
        try await Self.withTerminal(answer: Self.sixelCellAnswer, config: "[images]\nmax_rows = 1\n") { terminal, _ in
            try await Self.openFirstQuestion(terminal)
            #expect(await eventually { terminal.occurrences(of: "\u{1B}P0;1;0q\"1;1;48;24") == 1 })
            #expect(terminal.occurrences(of: "\"1;1;32;16") == 0)
        }
    }

    @Test func sixelNeverDrawsPastTheTerminalsMaximumGeometry() async throws {
        try await Self.withTerminal(answer: Self.sixelSmallGeometryAnswer) { terminal, _ in
            try await Self.openFirstQuestion(terminal)
            // 96×48 within 64×64, its aspect kept.
            #expect(await eventually { terminal.occurrences(of: "\u{1B}P0;1;0q\"1;1;64;32") == 1 })
            #expect(terminal.occurrences(of: "\"1;1;96;48") == 0)
        }
    }

    @Test func printConfigSaysWhatTheTerminalAnswered() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "XDG_CONFIG_HOME": directory.path + "/config",
        ]
        for (answer, form, cell) in [
            (Self.kittyAnswer, "# images: kitty (the terminal answered, kitty graphics)", "# cell: 8×16 pixels (assumed: the terminal did not say)"),
            (Self.sixelAnswer, "# images: sixel (256 colours) (the terminal answered, sixel)", "# cell: 8×16 pixels (assumed: the terminal did not say)"),
            (Self.kittyCellAnswer, "# images: kitty (the terminal answered, kitty graphics)", "# cell: 12×24 pixels (the terminal's answer to CSI 16 t)"),
        ] {
            let terminal = try PseudoTerminal(
                [Binaries.stackterm, "--print-config"], environment: environment, width: 100, height: 30, answering: ["\u{1B}[c": answer])
            let said = await eventually { terminal.hasWritten(form) && terminal.hasWritten(cell) }
            terminal.stop()
            #expect(said, "\(form) \(cell)")
        }
    }
}
