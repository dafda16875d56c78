import Foundation

/// Runs named benchmarks and prints one row each: the median time of an iteration and a throughput.
///
/// Each benchmark runs a warm-up iteration, then repeats until `minimumSeconds` have passed (at least
/// `minimumIterations` times). The median is reported, so one slow iteration (another process on the machine)
/// does not move the result much.
struct BenchmarkRunner {
    var minimumSeconds: Double = 1.0
    var minimumIterations = 5
    var filter: String?
    private(set) var rows: [Row] = []

    /// One printed result.
    struct Row {
        var name: String
        var medianMilliseconds: Double
        var iterations: Int
        var unit: String
        var unitsPerIteration: Double
        var perSecond: Double { unitsPerIteration / (medianMilliseconds / 1000) }
    }

    /// Times `body`, which does `units` units of work (`unit` names them) per call.
    mutating func run(_ name: String, units: Double, unit: String, _ body: () throws -> Void) rethrows {
        if let filter, !name.contains(filter) { return }
        try body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        while samples.count < minimumIterations || (clock.now - start) < .seconds(minimumSeconds) {
            let began = clock.now
            try body()
            samples.append(Self.milliseconds(clock.now - began))
        }
        samples.sort()
        let row = Row(name: name, medianMilliseconds: samples[samples.count / 2], iterations: samples.count,
                      unit: unit, unitsPerIteration: units)
        rows.append(row)
        print(Self.format(row))
    }

    static func header() -> String {
        pad("benchmark", 44) + pad("median", 12) + pad("iterations", 12) + "throughput"
    }

    static func format(_ row: Row) -> String {
        pad(row.name, 44) + pad(String(format: "%.3f ms", row.medianMilliseconds), 12)
            + pad(String(row.iterations), 12) + String(format: "%.0f %@/s", row.perSecond, row.unit)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
