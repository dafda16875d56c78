public import Foundation
public import Store

/// Imports a site's data dump (a `.7z` read as a stream, or a folder of its XML files) into the site's own file
/// under the data directory, `sites/SITE.sqlite`.
///
/// The rows go into `SITE.sqlite.partial` a batch per transaction, with the progress of each file in the same
/// transaction; once every file is in, the partial file is finished and renamed into place, so a site already
/// imported stays as it was until then. A run stopped (Ctrl-C, a kill, a full disk) is resumed by the next run
/// of the same import, which skips exactly the rows already written.
public final class DumpImporter {
    /// The files an import reads; the others of a dump (votes, history, badges, links) are skipped.
    static let importedFiles = ["Users.xml", "Posts.xml", "Comments.xml"]
    /// Rows per transaction: each commit makes a new FTS5 segment, so bigger batches leave fewer to merge (10,000
    /// rows hold a few megabytes).
    public var batchSize = 10_000
    /// Called about every batch, on the importing thread.
    public var onProgress: (ImportProgress) -> Void = { _ in }
    /// Called for each row skipped (unreadable, or lacking what it must have), on the importing thread.
    public var onSkippedRow: (SkippedRow) -> Void = { _ in }
    /// Asked between rows: true stops the import after writing the rows read so far.
    public var shouldStop: () -> Bool = { false }
    /// A cap on the file's pages, for tests of a full disk (`ImportedSiteWriter.limitPages`).
    var pageLimit: Int?

    public let source: URL
    public let site: DumpSiteName
    let paths: StorePaths
    let isArchive: Bool
    /// The archives read, in order: the one given, or the parts of a site dumped one file an archive
    /// (`stackoverflow.com-Posts.7z`, `stackoverflow.com-Comments.7z`, …) found beside it or in the folder given.
    /// Empty for a folder of XML files.
    let archives: [URL]

    /// What a finished import holds.
    public struct Outcome: Sendable, Hashable {
        public var site: String
        public var questions: Int
        public var answers: Int
        /// Malformed rows skipped, every file and run together.
        public var skipped: Int
        public var dumpDay: String
        public var file: URL
    }

    /// Checks the source and the site before anything is written: a missing path, a name that does not say the
    /// site (and no `--site`; looked into first, so an archive with no `Posts.xml` is refused as no dump), an
    /// archive of another site than `--site` names.
    public init(source: URL, site requested: String?, paths: StorePaths) throws(DumpImportError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) else {
            throw DumpImportError("\(source.path): no such file or folder")
        }
        let archives = Self.archives(source, isDirectory: isDirectory.boolValue)
        let namer = archives.count > 1 || isDirectory.boolValue ? (archives.first ?? source) : source
        let named = DumpSiteName(fileName: namer.lastPathComponent) ?? DumpSiteName(fileName: source.lastPathComponent)
        if let requested, let named, named.site != requested.lowercased() {
            throw DumpImportError("\(namer.lastPathComponent) is the dump of \(named.site), not of \(requested): leave out --site or import the right file")
        }
        if named == nil { try Self.checkIsDump(source, archives: archives) }
        guard let site = named ?? requested.map({ DumpSiteName(site: $0.lowercased()) }) else {
            throw DumpImportError("cannot tell the site from \(source.lastPathComponent): name it with --site")
        }
        self.source = source
        self.site = site
        self.paths = paths
        isArchive = !archives.isEmpty
        self.archives = archives
    }

    /// The archives to read for `source` (see `archives`).
    static func archives(_ source: URL, isDirectory: Bool) -> [URL] {
        let manager = FileManager.default
        if isDirectory {
            guard !manager.fileExists(atPath: source.appendingPathComponent("Posts.xml").path) else { return [] }
            let names = (try? manager.contentsOfDirectory(atPath: source.path)) ?? []
            guard let posts = names.first(where: { $0.lowercased().hasSuffix("-posts.7z") }) else { return [] }
            let prefix = String(posts.dropLast("Posts.7z".count))
            return names.filter { $0.hasPrefix(prefix) && $0.lowercased().hasSuffix(".7z") }.sorted().map { source.appendingPathComponent($0) }
        }
        let name = source.lastPathComponent
        guard let dash = name.lastIndex(of: "-"), name.lowercased().hasSuffix(".7z") else { return [source] }
        let prefix = String(name[...dash])
        let folder = source.deletingLastPathComponent()
        let siblings = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.lowercased().hasSuffix(".7z") }.sorted()
        return siblings.isEmpty ? [source] : siblings.map { folder.appendingPathComponent($0) }
    }

    /// Runs the import to the end (or until `shouldStop`, which throws the message saying how to resume).
    public func run() throws(DumpImportError) -> Outcome {
        try checkIsDump()
        let partial = paths.partialSiteFile(site.site)
        let writer = try openPartial(partial)
        if let pageLimit { writer.limitPages(to: pageLimit) }
        let started = Date()
        let progress = ImportProgress(fileName: "", posts: writer.committedRows("Posts.xml"), rows: 0, bytesRead: 0,
                                      totalBytes: totalBytes(), elapsed: 0)
        var run = ImportRun(writer: writer, batchSize: batchSize, progress: progress, started: started,
                            onProgress: onProgress, shouldStop: shouldStop, onSkippedRow: onSkippedRow)
        do {
            if isArchive {
                var before: Int64 = 0
                for path in archives {
                    let archive = try ArchiveReader(path: path.path)
                    let offset = before
                    while let name = try archive.nextEntry() {
                        guard Self.importedFiles.contains(name), writer.meta("done:\(name)") == nil else {
                            try archive.skipEntry()
                            continue
                        }
                        try run.importFile(XMLRowReader(source: archive, fileName: name), bytesRead: { offset + archive.bytesRead })
                    }
                    before += archive.totalBytes
                }
            } else {
                var before: Int64 = 0
                for name in Self.importedFiles where writer.meta("done:\(name)") == nil {
                    let path = source.appendingPathComponent(name).path
                    guard FileManager.default.fileExists(atPath: path) else { continue }
                    let file = try FileByteSource(path: path)
                    let offset = before
                    try run.importFile(XMLRowReader(source: file, fileName: name), bytesRead: { offset + file.bytesRead })
                    before += file.bytesRead
                }
            }
        } catch {
            writer.close()
            throw error
        }
        return try complete(writer, partial: partial)
    }

    /// Finishes the partial file and renames it into place (over an earlier import of the site).
    private func complete(_ writer: ImportedSiteWriter, partial: URL) throws(DumpImportError) -> Outcome {
        do { _ = try writer.finish() } catch {
            writer.close()
            throw DumpImportError("\(error.message): the last step was rolled back; run the import again to resume")
        }
        let skipped = Self.importedFiles.reduce(0) { $0 + (writer.meta("skipped:\($1)").flatMap(Int.init) ?? 0) }
        writer.close()
        let final = paths.importedSiteFile(site.site)
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: final.path + suffix) }
        do { try manager.moveItem(at: partial, to: final) } catch {
            throw DumpImportError("cannot move \(partial.path) to \(final.path): \(error.localizedDescription)")
        }
        for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: partial.path + suffix) }
        let opened: ImportedSite
        do { opened = try ImportedSite(file: final) } catch { throw DumpImportError(error.message) }
        defer { opened.close() }
        let counts = opened.counts()
        return Outcome(site: site.site, questions: counts.questions, answers: counts.answers, skipped: skipped,
                       dumpDay: opened.dumpDay, file: final)
    }
}
