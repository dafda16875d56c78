import Foundation
import GRDB
import Store
import Synchronization
import SyntheticDump
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `stackterm import` given dumps made to hurt it (`HostileDump`): each is refused or imported with its bad row
/// skipped and named, in flat memory (its peak read from /proc), and SIGTERM in the middle of each ends it within a
/// second, after which the next run resumes.
@Suite(.serialized)
struct HostileDumpEndToEndTests {
    /// The guard on the importer's peak resident memory, whatever the input.
    static let peakLimit = 150 << 20

    struct Dump {
        let store: StoreDirectory
        let folder: URL
        let summary: DumpSummary
        var posts: URL { folder.appendingPathComponent("Posts.xml") }

        init(_ kind: HostileDump, size: Int? = nil) throws {
            store = try StoreDirectory.make()
            folder = store.root.appendingPathComponent("vi.stackexchange.com")
            summary = try kind.write(to: folder, posts: 200, seed: 5, size: size)
        }

        var paths: StorePaths { StorePaths(environment: store.environment.merging(["HOME": store.root.path]) { $1 }) }

        /// `stackterm import` of the folder, as argv for `ChildProcess.spawn` (its environment the store's).
        var importCommand: [String] {
            ["env", "XDG_DATA_HOME=\(store.environment["XDG_DATA_HOME"]!)", "XDG_CACHE_HOME=\(store.environment["XDG_CACHE_HOME"]!)",
             Binaries.stackterm, "import", folder.path]
        }
    }

    @Test(arguments: HostileDump.allCases)
    func aHostileDumpIsImportedOrRefusedInFlatMemory(_ kind: HostileDump) throws {
        let dump = try Dump(kind)
        defer { dump.store.remove() }
        let errors = dump.store.root.appendingPathComponent("stderr.txt").path
        let run = try PeakMemoryRun.run(dump.importCommand, errorPath: errors, limit: Self.peakLimit)
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(!run.killedOverLimit, "\(kind): passed \(Self.peakLimit >> 20) MB")
        #expect(run.peakBytes <= Self.peakLimit, "\(kind): peak \(run.peakBytes >> 20) MB")
        if kind == .billionLaughs {
            #expect(run.status == 1, "\(stderr)")
            #expect(stderr.hasSuffix("\nstackterm: Posts.xml: declares entities in its DOCTYPE, which a Stack Exchange data dump never does: refused\n"),
                    "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: dump.paths.importedSiteFile("vi").path))
            return
        }
        #expect(run.status == 0, "\(kind): \(stderr)")
        let site = try ImportedSite(file: dump.paths.importedSiteFile("vi"))
        defer { site.close() }
        #expect(site.counts() == (dump.summary.questions, dump.summary.answers), "\(kind): every clean row came in")
        let named = stderr.split(separator: "\n").filter { $0.hasPrefix("stackterm: skipped Posts.xml row ") }
        #expect(named.count == kind.skippedRows, "\(kind): \(stderr)")
        let reasons: [HostileDump: String] = [
            .hugeAttribute: "longer than 4 MB", .manyAttributes: "more than 100 attributes", .invalidUTF8: "invalid UTF-8 in Title",
        ]
        if let reason = reasons[kind] { #expect(named.first?.hasSuffix(": \(reason)") == true, "\(stderr)") }
    }

    @Test(arguments: HostileDump.allCases)
    func sigtermInTheMiddleOfAHostileDumpEndsTheImportWithinASecondAndTheNextRunResumes(_ kind: HostileDump) async throws {
        let dump = try Dump(kind, size: kind.defaultSize / 4)
        defer { dump.store.remove() }
        // Posts.xml becomes a pipe fed the first 60% of the file (the middle of its hostile part) and then held open:
        // the importer is inside the hostile part, waiting for more, when SIGTERM comes.
        let real = dump.folder.appendingPathComponent("Posts.real.xml")
        try FileManager.default.moveItem(at: dump.posts, to: real)
        #expect(mkfifo(dump.posts.path, 0o600) == 0)
        // The folder is the source's identity: its date is put back before the next run, which then resumes.
        let folderDate = try FileManager.default.attributesOfItem(atPath: dump.folder.path)[.modificationDate] as? Date
        let contents = try Data(contentsOf: real)
        let feeder = PipeFeeder(path: dump.posts.path, bytes: contents.prefix(contents.count * 6 / 10))
        defer { feeder.close() }
        let errors = dump.store.root.appendingPathComponent("stderr.txt").path
        let pid = try ChildProcess.spawn(dump.importCommand, errorPath: errors)
        var reaped = false
        defer { if !reaped { kill(pid, SIGKILL); _ = try? ChildProcess.wait(pid) } }
        feeder.start()
        var status: Int32 = 0
        func ended() -> Bool {
            if reaped { return true }
            reaped = waitpid(pid, &status, WNOHANG) == pid
            return reaped
        }
        #expect(await eventually(within: 60) { feeder.isDone || ended() }, "the importer read the hostile part")
        if kind == .billionLaughs {
            // Refused at its DOCTYPE, before anything hostile was read.
            #expect(await eventually(within: 5) { ended() })
            #expect((status >> 8) & 0xFF == 1)
            return
        }
        #expect(!ended(), "\(kind): still reading, waiting for the rest of Posts.xml")
        kill(pid, SIGTERM)
        let endedWithinASecond = await eventually(within: 1) { ended() }
        #expect(endedWithinASecond, "\(kind): SIGTERM ended it within a second")
        guard endedWithinASecond else { return }
        #expect((status & 0x7F) == 0 && (status >> 8) & 0xFF == 128 + SIGTERM)
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(stderr.hasSuffix("stackterm: import stopped: run the same stackterm import again to resume\n"), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: dump.paths.partialSiteFile("vi").path))
        feeder.close()
        // The next run resumes: Users.xml, finished before SIGTERM, is gone, yet its users are in the site.
        try FileManager.default.removeItem(at: dump.posts)
        try FileManager.default.moveItem(at: real, to: dump.posts)
        try FileManager.default.removeItem(at: dump.folder.appendingPathComponent("Users.xml"))
        if let folderDate { try FileManager.default.setAttributes([.modificationDate: folderDate], ofItemAtPath: dump.folder.path) }
        let resumed = try dump.store.runStackterm(["import", dump.folder.path])
        #expect(resumed.status == 0, "\(resumed.output)")
        let site = try ImportedSite(file: dump.paths.importedSiteFile("vi"))
        defer { site.close() }
        #expect(site.counts() == (dump.summary.questions, dump.summary.answers))
        #expect(site.detail(questionID: PlantedPosts.questionID)?.question.owner?.plainDisplayName == "Ada Lovelace",
                "the users written before SIGTERM were kept")
    }
}

/// Writes `bytes` into a named pipe from a thread of its own, then holds the pipe open until `close()`.
final class PipeFeeder: Sendable {
    private let path: String
    private let bytes: Data
    private let state = Mutex((descriptor: Int32(-1), done: false, closed: false))

    init(path: String, bytes: Data) {
        self.path = path
        self.bytes = bytes
    }

    var isDone: Bool { state.withLock { $0.done } }

    func start() {
        // A reader that ends early must not end the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread { [self] in
            // Non-blocking until a reader has opened the pipe, so a reader that never comes leaves no thread stuck.
            var descriptor: Int32 = -1
            let deadline = Date().addingTimeInterval(60)
            while descriptor < 0, Date() < deadline, !state.withLock({ $0.closed }) {
                descriptor = open(path, O_WRONLY | O_NONBLOCK)
                if descriptor < 0 { usleep(5_000) }
            }
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            let kept = state.withLock { state -> Bool in
                guard !state.closed else { return false }
                state.descriptor = descriptor
                return true
            }
            guard kept else { Glibc.close(descriptor); return }
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let wrote = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if wrote <= 0 { break }
                    offset += wrote
                }
            }
            state.withLock { $0.done = true }
        }
    }

    func close() {
        let descriptor = state.withLock { state -> Int32 in
            defer { state.closed = true; state.descriptor = -1 }
            return state.descriptor
        }
        if descriptor >= 0 { Glibc.close(descriptor) }
    }
}
