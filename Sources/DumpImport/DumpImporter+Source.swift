import Foundation
import Store

extension DumpImporter {
    /// What identifies the source: a partial import of another file (or of this one changed since) starts over.
    var sourceIdentity: String {
        (archives.isEmpty ? [source] : archives).map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(file.path)|\(size)|\(Int(modified))"
        }.joined(separator: ";")
    }

    /// The bytes the import will read: the archive, or the folder's imported files.
    func totalBytes() -> Int64 {
        func size(_ path: String) -> Int64 {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        if isArchive { return archives.reduce(0) { $0 + size($1.path) } }
        return Self.importedFiles.reduce(0) { $0 + size(source.appendingPathComponent($1).path) }
    }

    /// Refuses a source that is not a dump (no `Posts.xml`) or an archive that cannot be read to its end (a
    /// truncated `.7z`), before anything is written.
    func checkIsDump() throws(DumpImportError) {
        try Self.checkIsDump(source, archives: archives)
    }

    /// `checkIsDump()` before the importer is made: a file whose name does not say the site is looked into first,
    /// so an archive that is no dump is refused as such rather than for its name.
    static func checkIsDump(_ source: URL, archives: [URL]) throws(DumpImportError) {
        if !archives.isEmpty {
            var names: [String] = []
            for path in archives {
                let archive = try ArchiveReader(path: path.path)
                while let name = try archive.nextEntry() {
                    names.append(name)
                    try archive.skipEntry()
                }
            }
            guard names.contains("Posts.xml") else {
                throw DumpImportError("\(source.lastPathComponent) is not a Stack Exchange data dump (no Posts.xml in it)")
            }
        } else if !FileManager.default.fileExists(atPath: source.appendingPathComponent("Posts.xml").path) {
            throw DumpImportError("\(source.lastPathComponent) is not a Stack Exchange data dump (no Posts.xml in it)")
        }
    }

    /// The partial file, resumed when it is this source's, else started afresh.
    func openPartial(_ partial: URL) throws(DumpImportError) -> ImportedSiteWriter {
        do {
            var writer = try ImportedSiteWriter(file: partial, site: site.site)
            if let earlier = writer.meta("source"), earlier != sourceIdentity {
                writer.close()
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial.path + suffix) }
                writer = try ImportedSiteWriter(file: partial, site: site.site)
            }
            try writer.setMeta(["site": site.site, "domain": site.domain, "source": sourceIdentity, "state": "importing"])
            return writer
        } catch let problem as StoreProblem {
            throw DumpImportError(problem.message)
        } catch {
            throw DumpImportError("\(partial.path): \(error)")
        }
    }
}
