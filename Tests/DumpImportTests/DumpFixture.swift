import DumpImport
import Foundation
import Store
import SyntheticDump

/// A small generated dump in a temporary directory (never the real home), with XDG directories beside it.
final class DumpFixture: Sendable {
    let root: URL
    let paths: StorePaths
    let folder: URL
    let summary: DumpSummary

    init(posts: Int = 300, seed: UInt64 = 7, tagFormat: DumpGenerator.TagFormat = .mixed, folderName: String = "vi.stackexchange.com") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-dump-\(UUID().uuidString)")
        folder = root.appendingPathComponent(folderName)
        summary = try DumpGenerator(posts: posts, seed: seed, tagFormat: tagFormat).write(to: folder)
        paths = StorePaths(environment: [
            "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
        ])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The dump packed as `name` (a `.7z`).
    func archive(_ name: String = "vi.stackexchange.com.7z") throws -> URL {
        let archive = root.appendingPathComponent(name)
        try DumpGenerator.pack(folder, into: archive)
        return archive
    }

    /// Imports `source` to its end.
    @discardableResult
    func importDump(_ source: URL? = nil, site: String? = nil) throws -> DumpImporter.Outcome {
        try DumpImporter(source: source ?? folder, site: site, paths: paths).run()
    }

    func site(_ name: String = "vi") throws -> ImportedSite {
        try ImportedSite(file: paths.importedSiteFile(name))
    }
}
