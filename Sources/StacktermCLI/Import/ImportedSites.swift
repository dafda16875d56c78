import Foundation
import Store

/// The imported sites under the data directory: listed and removed.
enum ImportedSites {
    /// One line a site: its name, dump date, questions, answers and size on disk; an unfinished import says so.
    static func listing(paths: StorePaths) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.sitesDirectory.path)) ?? []
        var lines: [String] = []
        for name in names.sorted() {
            if name.hasSuffix(".sqlite") {
                let site = String(name.dropLast(".sqlite".count))
                let file = paths.importedSiteFile(site)
                guard let opened = try? ImportedSite(file: file) else {
                    lines.append("\(site)  (unreadable: remove it with stackterm import --remove \(site))")
                    continue
                }
                let counts = opened.counts()
                opened.close()
                lines.append("\(site)  dump of \(opened.dumpDay)  \(counts.questions) questions  \(counts.answers) answers  "
                             + StoreCommands.megabytes(bytes(file)))
            } else if name.hasSuffix(".sqlite.partial") {
                let site = String(name.dropLast(".sqlite.partial".count))
                lines.append("\(site)  (import not finished: run the same stackterm import again to resume)")
            }
        }
        return lines.isEmpty ? "no imported sites (stackterm import PATH imports a data dump)" : lines.joined(separator: "\n")
    }

    /// Removes a site's file (and an unfinished import of it).
    static func remove(_ site: String, paths: StorePaths) -> (message: String, ok: Bool) {
        let files = [paths.importedSiteFile(site), paths.partialSiteFile(site)]
        let manager = FileManager.default
        guard files.contains(where: { manager.fileExists(atPath: $0.path) }) else {
            return ("no imported site \(site) (stackterm import --list shows them)", false)
        }
        let freed = files.reduce(0) { $0 + bytes($1) }
        for file in files {
            for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
                do { try manager.removeItem(atPath: file.path + suffix) } catch {
                    return ("cannot remove \(file.path + suffix): \(error.localizedDescription)", false)
                }
            }
        }
        return ("removed \(site) (\(StoreCommands.megabytes(freed)))", true)
    }

    static func bytes(_ file: URL) -> Int {
        ["", "-wal", "-shm"].reduce(0) { $0 + StoreCommands.fileSize(URL(fileURLWithPath: file.path + $1)) }
    }
}
