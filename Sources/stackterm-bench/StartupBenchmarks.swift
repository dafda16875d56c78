import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The cost of starting the program at all, against `curl` started the same way in the same run: `stackterm
/// --version` and `curl --version`, each timed as a whole process (exec → exit), alternately.
///
/// The release build is position-independent (scripts/lib/release-build.sh): the loader applies its relative
/// relocations before `main`. This row says what that costs beside curl, which does the same, so BENCHMARKS.md can
/// set it against the `-no-pie` figures of issue 17.
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

    /// Milliseconds from spawning `argv` (output to /dev/null) to reaping it; nil when it did not exit 0.
    static func wholeProcess(_ argv: [String]) -> Double? {
        let start = ContinuousClock.now
        guard let pid = TmuxServer.spawn(argv), TmuxServer.reap(pid) == 0 else { return nil }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
