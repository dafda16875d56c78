@testable import DumpImport
import Foundation
import StackExchange
@testable import Store
import SyntheticDump
import Testing

/// Importing a generated dump: every row in, exactly once, from a folder or a `.7z`, whatever stops it.
struct DumpImportTests {
    @Test func anArchiveImportsEveryQuestionAnswerAndComment() throws {
        let dump = try DumpFixture()
        let outcome = try dump.importDump(try dump.archive())
        #expect(outcome.site == "vi")
        #expect(outcome.questions == dump.summary.questions)
        #expect(outcome.answers == dump.summary.answers)
        #expect(outcome.skipped == 0)
        let site = try dump.site()
        defer { site.close() }
        let comments = site.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM comment") }
        #expect(comments == dump.summary.comments)
        #expect(site.domain == "vi.stackexchange.com")
        #expect(site.dumpDay == "2024-03-31" || site.dumpDay == "2024-04-01")
        #expect(!FileManager.default.fileExists(atPath: dump.paths.partialSiteFile("vi").path), "the partial file was renamed")
    }

    @Test func bothTagFormatsDeletedOwnersAndClosedQuestionsComeThrough() throws {
        for format in DumpGenerator.TagFormat.allCases {
            let dump = try DumpFixture(posts: 60, tagFormat: format)
            try dump.importDump()
            let site = try dump.site()
            defer { site.close() }
            let planted = try #require(site.detail(questionID: PlantedPosts.questionID))
            #expect(planted.question.tags == PlantedPosts.tags, "\(format)")
            let closed = try #require(site.detail(questionID: PlantedPosts.closedQuestionID))
            #expect(closed.question.tags == ["vim", "regex"], "\(format)")
            #expect(closed.question.closedDate != nil)
            #expect(closed.question.owner?.plainDisplayName == PlantedPosts.deletedUser)
            #expect(closed.question.owner?.isDeleted == true)
        }
    }

    @Test func aStoppedImportResumesWithoutDuplicates() throws {
        let dump = try DumpFixture(posts: 400)
        let archive = try dump.archive()
        let importer = try DumpImporter(source: archive, site: nil, paths: dump.paths)
        importer.batchSize = 50
        var asked = 0
        importer.shouldStop = {
            asked += 1
            return asked == 250
        }
        #expect(throws: DumpImportError.self) { try importer.run() }
        #expect(FileManager.default.fileExists(atPath: dump.paths.partialSiteFile("vi").path))
        #expect(!FileManager.default.fileExists(atPath: dump.paths.importedSiteFile("vi").path), "nothing half-imported in place")
        let outcome = try dump.importDump(archive)
        #expect(outcome.questions == dump.summary.questions)
        #expect(outcome.answers == dump.summary.answers)
        let site = try dump.site()
        defer { site.close() }
        let counts = site.read { db in
            try [Int.fetchOne(db, sql: "SELECT count(*) FROM comment"), Int.fetchOne(db, sql: "SELECT count(*) FROM search_doc"),
                 Int.fetchOne(db, sql: "SELECT count(*) FROM search_text")]
        }
        let documents = dump.summary.posts + dump.summary.comments
        #expect(counts == [dump.summary.comments, documents, documents])
    }

    @Test func aTruncatedArchiveIsRefusedAndNothingIsWritten() throws {
        let dump = try DumpFixture()
        let archive = try dump.archive()
        let data = try Data(contentsOf: archive)
        try data.prefix(data.count / 2).write(to: archive)
        let error = try #require(throws: DumpImportError.self) { try dump.importDump(archive) }
        #expect(error.description.contains("truncated or damaged archive"))
        #expect(!error.description.contains("\n"))
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dump.paths.sitesDirectory.path)) ?? []
        #expect(written.isEmpty)
    }

    @Test func notADumpAndTheWrongSiteAreRefused() throws {
        let dump = try DumpFixture(posts: 20)
        let usersOnly = dump.root.appendingPathComponent("vi.stackexchange.com.7z")
        try DumpGenerator.pack(dump.folder, into: usersOnly, files: ["Users.xml"])
        let archiveNotDump = try #require(throws: DumpImportError.self) { try dump.importDump(usersOnly) }
        #expect(archiveNotDump.description == "vi.stackexchange.com.7z is not a Stack Exchange data dump (no Posts.xml in it)")
        let text = dump.root.appendingPathComponent("notes.7z")
        try Data("just text".utf8).write(to: text)
        let garbage = try #require(throws: DumpImportError.self) { try dump.importDump(text, site: "vi") }
        #expect(garbage.description.hasPrefix("\(text.path): "), "\(garbage)")
        try FileManager.default.removeItem(at: dump.folder.appendingPathComponent("Posts.xml"))
        let notDump = try #require(throws: DumpImportError.self) { try dump.importDump() }
        #expect(notDump.description.contains("not a Stack Exchange data dump"))
        let wrong = try #require(throws: DumpImportError.self) { try DumpImporter(source: dump.folder, site: "unix", paths: dump.paths) }
        #expect(wrong.description == "vi.stackexchange.com is the dump of vi, not of unix: leave out --site or import the right file")
    }

    @Test func aMalformedRowIsSkippedAndCountedAndTheImportGoesOn() throws {
        let dump = try DumpFixture(posts: 40)
        let posts = dump.folder.appendingPathComponent("Posts.xml")
        var text = try String(contentsOf: posts, encoding: .utf8)
        text = text.replacingOccurrences(of: "<row Id=\"5\" PostTypeId=\"1\"", with: "<row Id=\"five\" PostTypeId=\"1\"")
        try text.write(to: posts, atomically: true, encoding: .utf8)
        let outcome = try dump.importDump()
        #expect(outcome.skipped == 1)
        #expect(outcome.questions == dump.summary.questions - 1)
    }

    @Test func siteNamesComeFromTheFileName() {
        #expect(DumpSiteName(fileName: "vi.stackexchange.com.7z")?.site == "vi")
        #expect(DumpSiteName(fileName: "stackoverflow.com-Posts.7z")?.site == "stackoverflow")
        #expect(DumpSiteName(fileName: "stackoverflow.com-Posts.7z")?.domain == "stackoverflow.com")
        #expect(DumpSiteName(fileName: "meta.vi.stackexchange.com.7z")?.site == "vi.meta")
        #expect(DumpSiteName(fileName: "mathoverflow.net.7z")?.site == "mathoverflow.net")
        #expect(DumpSiteName(fileName: "dump.7z") == nil)
        #expect(DumpSiteName(site: "unix").domain == "unix.stackexchange.com")
        #expect(DumpSiteName(site: "superuser").domain == "superuser.com")
    }
}

extension DumpImportTests {
    @Test func theProgressLineSaysPostsRowsRatePartReadAndTimeLeft() {
        let progress = ImportProgress(fileName: "Posts.xml", posts: 12_345, rows: 40_000, bytesRead: 25, totalBytes: 100, elapsed: 4)
        #expect(progress.line == "posts 12,345 · rows 40,000 · 10,000 rows/s · 25% read · ETA 0:12 · Posts.xml")
        #expect(progress.bar(width: 8) == "[##------]")
    }
}

extension DumpImportTests {
    @Test func aSiteDumpedOneFileAnArchiveImportsFromAnyPartOrItsFolder() throws {
        let dump = try DumpFixture(posts: 120, folderName: "dump")
        let parts = dump.root.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        for file in ["Posts", "Comments", "Users", "Votes"] {
            try DumpGenerator.pack(dump.folder, into: parts.appendingPathComponent("stackoverflow.com-\(file).7z"), files: ["\(file).xml"])
        }
        let fromPart = try dump.importDump(parts.appendingPathComponent("stackoverflow.com-Comments.7z"))
        #expect(fromPart.site == "stackoverflow")
        #expect(fromPart.questions == dump.summary.questions && fromPart.answers == dump.summary.answers)
        let site = try dump.site("stackoverflow")
        #expect(site.domain == "stackoverflow.com")
        #expect(site.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM comment") } == dump.summary.comments)
        #expect(site.detail(questionID: PlantedPosts.questionID)?.question.owner?.plainDisplayName == "Ada Lovelace", "Users came too")
        site.close()
        let fromFolder = try dump.importDump(parts)
        #expect(fromFolder.site == "stackoverflow" && fromFolder.questions == dump.summary.questions)
    }
}

extension DumpImportTests {
    @Test func aFullDiskRollsTheBatchBackNamesTheFileAndTheImportResumes() throws {
        let dump = try DumpFixture(posts: 300)
        let importer = try DumpImporter(source: dump.folder, site: nil, paths: dump.paths)
        importer.batchSize = 100
        importer.pageLimit = 60
        let error = try #require(throws: DumpImportError.self) { try importer.run() }
        #expect(error.description.hasPrefix("cannot write \(dump.paths.partialSiteFile("vi").path): "), "\(error)")
        #expect(error.description.contains("full") && error.description.hasSuffix("run the import again to resume"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: dump.paths.importedSiteFile("vi").path))
        let outcome = try dump.importDump()
        #expect(outcome.questions == dump.summary.questions && outcome.answers == dump.summary.answers)
        let site = try dump.site()
        defer { site.close() }
        #expect(site.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_doc") } == dump.summary.posts + dump.summary.comments)
    }
}

extension DumpImportTests {
    @Test func anArchiveWithNoPostsXMLIsRefusedAsNoDumpBeforeItsName() throws {
        let dump = try DumpFixture(posts: 20)
        let photos = dump.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: photos.appendingPathComponent("cat.jpg"))
        let archive = dump.root.appendingPathComponent("photos.7z")
        try DumpGenerator.pack(photos, into: archive, files: ["cat.jpg"])
        let refused = try #require(throws: DumpImportError.self) { try DumpImporter(source: archive, site: nil, paths: dump.paths) }
        #expect(refused.description == "photos.7z is not a Stack Exchange data dump (no Posts.xml in it)")
        let named = try #require(throws: DumpImportError.self) { try DumpImporter(source: photos, site: nil, paths: dump.paths) }
        #expect(named.description == "photos is not a Stack Exchange data dump (no Posts.xml in it)", "a folder too")
    }

    @Test func theProgressLineFitsTheTerminalAndAPipeGetsALineEveryFewSeconds() {
        let progress = ImportProgress(fileName: "Posts.xml", posts: 12_345, rows: 40_000, bytesRead: 25, totalBytes: 100, elapsed: 4)
        #expect(progress.terminalLine(columns: 120) == "[######------------------] posts 12,345 · rows 40,000 · 10,000 rows/s · 25% read · ETA 0:12 · Posts.xml")
        for columns in [100, 80, 60, 40, 30, 20, 10] {
            let line = progress.terminalLine(columns: columns)
            #expect(line.count < columns, "\(columns): \(line)")
            #expect(line.hasPrefix(columns >= 40 ? "posts 12,345" : "posts") || line.hasPrefix("["), "\(columns): \(line)")
        }
        #expect(progress.terminalLine(columns: 40) == "posts 12,345 · 25% read · Posts.xml")
        var pipe = ImportProgressPacing(isTerminal: false)
        let shownInPipe = stride(from: 0.0, through: 12.0, by: 0.25).filter { pipe.shouldShow(at: $0) }
        #expect(shownInPipe == [0, 5, 10])
        var terminal = ImportProgressPacing(isTerminal: true)
        let shownOnTerminal = [0, 0.05, 0.1, 0.15, 0.25, 0.3].filter { terminal.shouldShow(at: $0) }
        #expect(shownOnTerminal == [0, 0.1, 0.25])
    }
}
