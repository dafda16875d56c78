import Foundation
import SyntheticDump

/// The importer's peak memory on the dumps made to hurt it (`HostileDump`) and on a clean one: the real
/// `stackterm import` of each folder under GNU time (its maximum resident set). A guard, not a speed figure: every
/// row's target is the same flat ceiling, whatever the input.
enum HostileDumpBenchmarks {
    static let ceilingMB = 150.0

    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("hostile dump") else { return }
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm), FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("  (hostile dump rows skipped: no stackterm beside the benchmark, or no /usr/bin/time)", to: &standardError)
            return
        }
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stackterm-bench-hostile-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for kind in HostileDump.allCases {
            let size = runner.isSmoke ? kind.defaultSize / 8 : kind.defaultSize
            let folder = root.appendingPathComponent(kind.rawValue).appendingPathComponent("vi.stackexchange.com")
            guard (try? kind.write(to: folder, posts: 1_000, seed: 40, size: size)) != nil else { continue }
            let sizeNote = switch kind {
            case .manyAttributes: "\(size) attributes on a row"
            case .billionLaughs: "10 levels of 10 entities (refused)"
            case .invalidUTF8: "one row of invalid UTF-8"
            default: "\(size >> 20) MB"
            }
            record(&runner, stackterm: stackterm, folder: folder, measure: "dump: peak RSS of stackterm import, hostile \(kind.rawValue)",
                   note: sizeNote)
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
        }
        let posts = runner.isSmoke ? 2_000 : 100_000
        let clean = root.appendingPathComponent("clean").appendingPathComponent("vi.stackexchange.com")
        guard (try? DumpGenerator(posts: posts, seed: 40).write(to: clean)) != nil else { return }
        record(&runner, stackterm: stackterm, folder: clean, measure: "dump: peak RSS of stackterm import, clean \(posts) posts",
               note: "the same ceiling as the hostile rows")
    }

    private static func record(_ runner: inout BenchmarkRunner, stackterm: String, folder: URL, measure: String, note: String) {
        let home = folder.deletingLastPathComponent()
        let rss = home.appendingPathComponent("rss").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", rss, stackterm, "import", folder.path]
        process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache",
                               "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
        guard let text = try? String(contentsOfFile: rss, encoding: .utf8),
              let kibibytes = text.split(separator: "\n").compactMap({ Int($0.trimmingCharacters(in: .whitespaces)) }).last
        else { return }
        let megabytes = Double(kibibytes) / 1024
        runner.record(.init(
            measure: measure, median: String(format: "%.1f MB", megabytes), tail: "n=1", target: "≤ \(Int(ceilingMB)) MB",
            passed: megabytes <= ceilingMB, note: "\(note); exit status \(process.terminationStatus); GNU time's maximum resident set"))
    }
}
