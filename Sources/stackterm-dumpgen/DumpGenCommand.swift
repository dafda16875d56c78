import ArgumentParser
import Foundation
import SyntheticDump

/// `stackterm-dumpgen`: writes a synthetic Stack Exchange data dump (the eight XML files, and a `.7z` of them).
@main
struct DumpGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackterm-dumpgen",
        abstract: "Write a synthetic Stack Exchange data dump in the real format, the same for the same seed."
    )

    @Option(help: "Posts to write (questions and answers together).")
    var posts = 1000

    @Option(help: "The seed: the same seed writes the same dump.")
    var seed: UInt64 = 1

    @Option(help: "The Tags format: angle (<a><b>, before 2024), pipe (|a|b|, 2024 on) or mixed.")
    var tags: String = "mixed"

    @Option(help: ArgumentHelp("Write the XML files into this directory.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Also pack them into this .7z (needs 7z or 7zz, Debian package 7zip).", valueName: "file"))
    var archive: String?

    @Option(help: ArgumentHelp("Make Posts.xml hostile: \(HostileDump.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    var hostile: String?

    @Option(help: "The hostile part's size: bytes (whitespace, huge-attribute, huge-text) or attributes (many-attributes).")
    var hostileSize: Int?

    func run() throws {
        guard let format = DumpGenerator.TagFormat(rawValue: tags) else {
            throw ValidationError("--tags must be angle, pipe or mixed")
        }
        let directory = URL(fileURLWithPath: out)
        let summary: DumpSummary
        if let hostile {
            guard let kind = HostileDump(rawValue: hostile) else {
                throw ValidationError("--hostile must be one of \(HostileDump.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            summary = try kind.write(to: directory, posts: posts, seed: seed, size: hostileSize)
        } else {
            summary = try DumpGenerator(posts: posts, seed: seed, tagFormat: format).write(to: directory)
        }
        if let archive { try DumpGenerator.pack(directory, into: URL(fileURLWithPath: archive)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(summary), as: UTF8.self))
    }
}
