import Foundation

/// Runs named benchmarks and collects one table row each: median and p99 of an iteration, against a target.
///
/// Each benchmark runs a warm-up iteration, then repeats until `minimumSeconds` have passed (at least
/// `minimumIterations` times). Percentiles come from the sorted sample (no histogram needed at these
/// counts), so one slow iteration (another process on the machine) moves the median little.
/// In smoke mode each benchmark runs a few times only: it proves the benchmarks still run, not how fast.
struct BenchmarkRunner {
    var minimumSeconds: Double = 1.0
    var minimumIterations = 5
    var filter: String?
    var isSmoke = false {
        didSet { if isSmoke { minimumSeconds = 0; minimumIterations = 3 } }
    }
    private(set) var rows: [Row] = []
    /// Each benchmark's median in milliseconds, by name, for rows that compare two benchmarks.
    private(set) var medians: [String: Double] = [:]

    /// One line of the table.
    struct Row {
        var measure: String
        var median: String
        var tail: String
        var target: String
        /// nil when the row has no target (informational), else whether it was met.
        var passed: Bool?
        var note = ""
    }

    func includes(_ name: String) -> Bool { filter.map { name.contains($0) } ?? true }

    /// Times `body`; `target` (milliseconds) is what its p99 should stay under, if anything.
    mutating func run(_ name: String, units: Double = 1, unit: String = "", target: Double? = nil, _ body: () throws -> Void) rethrows {
        guard includes(name) else { return }
        try body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        while samples.count < minimumIterations || (clock.now - start) < .seconds(minimumSeconds) {
            let began = clock.now
            try body()
            samples.append(Self.milliseconds(clock.now - began))
        }
        let sample = Sample(samples)
        medians[name] = sample.median
        let throughput = unit.isEmpty ? "" : String(format: "%.0f %@/s", units / (sample.median / 1000), unit)
        record(Row(
            measure: name, median: Self.ms(sample.median), tail: "p99 \(Self.ms(sample.p99)) (n=\(samples.count))",
            target: target.map { "p99 ≤ \(Self.ms($0))" } ?? "—", passed: target.map { sample.p99 <= $0 }, note: throughput
        ))
    }

    /// Adds a row measured elsewhere (a child process, a memory figure, callgrind).
    mutating func record(_ row: Row) {
        rows.append(row)
        print("  \(row.measure): \(row.median), \(row.tail)\(row.note.isEmpty ? "" : ", \(row.note)")", to: &standardError)
    }

    /// The table in markdown.
    func markdownTable() -> String {
        var lines = ["| measure | median | spread | target | result | note |", "|---|---|---|---|---|---|"]
        for row in rows {
            let result = row.passed.map { $0 ? "pass" : "**miss**" } ?? "—"
            lines.append("| \(row.measure) | \(row.median) | \(row.tail) | \(row.target) | \(result) | \(row.note) |")
        }
        return lines.joined(separator: "\n")
    }

    static func ms(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f ms", value) : value >= 1 ? String(format: "%.2f ms", value) : String(format: "%.3f ms", value)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// Order statistics of a sample of timings.
struct Sample {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }
    var min: Double { sorted.first ?? 0 }
    var max: Double { sorted.last ?? 0 }
    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }
    /// The nearest-rank percentile `p` (0…100).
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
    }
}

/// Progress goes to stderr so that stdout carries the table alone.
// nonisolated(unsafe): only the benchmark's main thread writes through it.
nonisolated(unsafe) var standardError = StandardError()

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}
