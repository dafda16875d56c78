import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The cost of starting the program at all, against `curl` started the same way in the same run: `stackterm
/// --version` and `curl --version`, each timed as a whole process (exec → exit), alternately.
///
/// The release build is position-independent (scripts/lib/release-build.sh): the loader applies its relative
/// relocations before `main`. This row says what that costs beside curl, which does the same, so BENCHMARKS.md can
/// set it against the `-no-pie` figures.
enum StartupBenchmarks {
    static func versionStartup(_ runner: inout BenchmarkRunner, stackterm: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else { return }
        let runs = runner.isSmoke ? 2 : 101
        var own: [Double] = [], curls: [Double] = []
        for _ in 0..<runs {
            if let time = wholeProcess([stackterm, "--version"]) { own.append(time) }
            if let time = wholeProcess(["/usr/bin/curl", "--version"]) { curls.append(time) }
        }
        let sample = Sample(own), curl = Sample(curls)
        let ratio = curl.median > 0 ? sample.median / curl.median : 0
        runner.record(.init(
            measure: "stackterm --version, whole process (exec → exit; PIE, see release-build.sh)",
            median: BenchmarkRunner.ms(sample.median),
            tail: "min \(BenchmarkRunner.ms(sample.min)), max \(BenchmarkRunner.ms(sample.max)) (n=\(own.count))", target: "—",
            passed: nil, note: String(format: "%.2f× curl --version (%@, same run)", ratio, BenchmarkRunner.ms(curl.median))
        ))
    }

    /// Foundation's `Bundle.main`, once anything asks for it, lists the directory the executable is in, twice. A `/usr/bin` holds 1,000 to 4,000 files, so
    /// the package and `scripts/install` put the binary in a directory of its own (`lib/stackterm/`) and link it from
    /// `bin/`: the kernel resolves the link, and Foundation lists the small directory. This row times `--version` with
    /// the binary itself among 3,000 files against a link there to its own directory, alternately.
    static func crowdedDirectoryStartup(_ runner: inout BenchmarkRunner, stackterm: String) {
        // The binary itself, not bin/'s link to it (a copied relative link would point nowhere).
        let stackterm = URL(fileURLWithPath: stackterm).resolvingSymlinksInPath().path
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("stackterm-bench-crowded-\(getpid())")
        defer { try? fileManager.removeItem(at: root) }
        let crowded = root.appendingPathComponent("bin"), own = root.appendingPathComponent("lib/stackterm")
        do {
            try fileManager.createDirectory(at: crowded, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: own, withIntermediateDirectories: true)
            for index in 0..<3_000 {
                _ = fileManager.createFile(atPath: crowded.appendingPathComponent("tool\(index)").path, contents: nil)
            }
            try fileManager.copyItem(atPath: stackterm, toPath: crowded.appendingPathComponent("stackterm").path)
            try fileManager.copyItem(atPath: stackterm, toPath: own.appendingPathComponent("stackterm").path)
            try fileManager.createSymbolicLink(
                atPath: crowded.appendingPathComponent("stackterm-linked").path, withDestinationPath: "../lib/stackterm/stackterm")
        } catch {
            print("crowded directory: \(error)", to: &standardError)
            return
        }
        let runs = runner.isSmoke ? 2 : 101
        var among: [Double] = [], linked: [Double] = []
        for _ in 0..<runs {
            if let time = wholeProcess([crowded.appendingPathComponent("stackterm").path, "--version"]) { among.append(time) }
            if let time = wholeProcess([crowded.appendingPathComponent("stackterm-linked").path, "--version"]) { linked.append(time) }
        }
        let amongSample = Sample(among), linkedSample = Sample(linked)
        runner.record(.init(
            measure: "stackterm --version from a bin/ of 3,000 files: linked to its own directory (as installed)",
            median: BenchmarkRunner.ms(linkedSample.median),
            tail: "min \(BenchmarkRunner.ms(linkedSample.min)), max \(BenchmarkRunner.ms(linkedSample.max)) (n=\(linked.count))",
            target: "—", passed: nil,
            note: "the binary itself among the 3,000 (same run): median \(BenchmarkRunner.ms(amongSample.median)); "
                + "Foundation's Bundle.main lists the executable's directory"
        ))
    }

    /// Milliseconds from spawning `argv` (output to /dev/null) to reaping it; nil when it did not exit 0.
    static func wholeProcess(_ argv: [String]) -> Double? {
        let start = ContinuousClock.now
        guard let pid = TmuxServer.spawn(argv), TmuxServer.reap(pid) == 0 else { return nil }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
