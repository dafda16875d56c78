public import Foundation

/// Writes a synthetic Stack Exchange data dump in the real format: the eight XML files of a site's archive
/// (`Posts.xml`, `Comments.xml`, `Users.xml`, `Tags.xml`, `PostLinks.xml`, `PostHistory.xml`, `Badges.xml`,
/// `Votes.xml`), with both tag formats, deleted owners, closed questions, code blocks and Unicode, at any size,
/// the same for the same seed. `PlantedPosts` are in every dump.
public struct DumpGenerator: Sendable {
    /// How the `Tags` attribute is written: `<a><b>` (dumps before 2024), `|a|b|` (2024 on), or alternating.
    public enum TagFormat: String, Sendable, CaseIterable {
        case angle, pipe, mixed
    }

    public var posts: Int
    public var seed: UInt64
    public var tagFormat: TagFormat
    /// The newest date in the dump (its last activity), seconds since 1970; the dump's date is read from it.
    public static let lastActivity = 1_711_929_600 // 2024-04-01

    public init(posts: Int, seed: UInt64 = 1, tagFormat: TagFormat = .mixed) {
        self.posts = max(posts, 4)
        self.seed = seed
        self.tagFormat = tagFormat
    }

    /// The made-up words the dump's text is written from, the most frequent first (for a benchmark's queries).
    public var words: [String] { DumpVocabulary(seed: seed).words }

    /// The file names of a site's dump.
    public static let fileNames = ["Badges.xml", "Comments.xml", "PostHistory.xml", "PostLinks.xml", "Posts.xml",
                                   "Tags.xml", "Users.xml", "Votes.xml"]

    /// Writes the eight files into `directory` (created when missing).
    @discardableResult
    public func write(to directory: URL) throws -> DumpSummary {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func file(_ name: String, _ element: String) throws -> XMLFileWriter {
            try XMLFileWriter(url: directory.appendingPathComponent(name), element: element)
        }
        var writer = RowWriter(
            generator: self, posts: try file("Posts.xml", "posts"), comments: try file("Comments.xml", "comments"),
            history: try file("PostHistory.xml", "posthistory"), links: try file("PostLinks.xml", "postlinks"),
            votes: try file("Votes.xml", "votes"))
        try writer.writePosts()
        try writer.writeUsers(try file("Users.xml", "users"), badges: try file("Badges.xml", "badges"))
        try writer.writeTags(try file("Tags.xml", "tags"))
        return try writer.finish()
    }

    /// Packs the files of `directory` (all eight, or `files`) into the `.7z` at `archive` with Debian's `7z` or `7zz`
    /// (package `7zip`). One file an archive is how Stack Overflow's own dump comes (`stackoverflow.com-Posts.7z`).
    public static func pack(_ directory: URL, into archive: URL, files: [String] = fileNames) throws {
        let candidates = ["/usr/bin/7zz", "/usr/bin/7z", "/usr/local/bin/7zz", "/usr/local/bin/7z"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw DumpGeneratorError("no 7z or 7zz found (Debian package 7zip)")
        }
        try? FileManager.default.removeItem(at: archive)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["a", "-bd", "-bso0", "-mx=1", archive.path] + files.map { directory.appendingPathComponent($0).path }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DumpGeneratorError("\(tool) failed with status \(process.terminationStatus)") }
    }
}

/// Why the generator could not write or pack a dump, in one line.
public struct DumpGeneratorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
