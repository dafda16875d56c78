import Foundation

/// Instructions and heap allocations per painted frame, counted by valgrind: repeatable on a noisy machine.
///
/// Runs this benchmark binary under `valgrind --tool=callgrind` (instructions) and `--tool=dhat` (allocations)
/// painting `few` and then `many` alternating full screens; the difference divided by `many - few` is the
/// cost of one frame, free of the start-up. Skipped in smoke mode and where valgrind is missing.
enum CallgrindBenchmarks {
    static let few = 10
    static let many = 40

    /// The counts the painter had before work (commit bbcfd5c, same machine, same method): the
    /// figures the table compares with, recorded once because that code no longer exists.
    static let before: [String: (instructions: Int, allocations: Int)] = [
        "120x40": (1_069_002, 3),
        "250x70": (3_295_591, 3),
    ]

    static func register(_ runner: inout BenchmarkRunner) {
        guard !runner.isSmoke, let valgrind = which("valgrind"), let program = strippedCopy() else { return }
        defer { try? FileManager.default.removeItem(atPath: program) }
        for size in ["120x40", "250x70"] {
            let name = "paint \(size): instructions per frame (callgrind, headless)"
            guard runner.includes(name) else { continue }
            let instructions = perFrame { count in callgrindInstructions(valgrind: valgrind, program: program, size: size, frames: count) }
            let allocations = perFrame { count in dhatBlocks(valgrind: valgrind, program: program, size: size, frames: count) }
            let earlier = before[size]
            runner.record(.init(
                measure: name, median: instructions.map { "\($0) Ir" } ?? "n/a",
                tail: earlier.map { "before (bbcfd5c): \($0.instructions) Ir" } ?? "—", target: "—", passed: nil,
                note: "heap allocations per frame: \(allocations.map(String.init) ?? "n/a")"
                    + (earlier.map { " (before: \($0.allocations))" } ?? "")
            ))
        }
    }

    /// (count(many) - count(few)) / (many - few), or nil when a run failed.
    static func perFrame(_ count: (Int) -> Int?) -> Int? {
        guard let small = count(few), let large = count(many) else { return nil }
        return (large - small) / (many - few)
    }

    /// This binary without its DWARF sections, which valgrind 3.19 cannot read (it gives up on Swift's); symbols stay.
    static func strippedCopy() -> String? {
        let copy = NSTemporaryDirectory() + "stackterm-bench-stripped-\(getpid())"
        guard let objcopy = which("objcopy"), run(objcopy, ["--strip-debug", selfPath(), copy]) != nil else { return nil }
        return copy
    }

    static func callgrindInstructions(valgrind: String, program: String, size: String, frames: Int) -> Int? {
        let out = NSTemporaryDirectory() + "stackterm-callgrind-\(getpid()).out"
        defer { try? FileManager.default.removeItem(atPath: out) }
        guard run(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(out)", program, "--paint-only", size, String(frames)]) != nil,
              let text = try? String(contentsOfFile: out, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") || $0.hasPrefix("totals:") })
        else { return nil }
        return Int(line.split(separator: " ").last ?? "")
    }

    static func dhatBlocks(valgrind: String, program: String, size: String, frames: Int) -> Int? {
        let out = NSTemporaryDirectory() + "stackterm-dhat-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: out) }
        // DHAT prints "Total: N bytes in M blocks" on stderr.
        guard let errors = run(valgrind, ["--tool=dhat", "--dhat-out-file=\(out)", program, "--paint-only", size, String(frames)]),
              let line = errors.split(separator: "\n").first(where: { $0.contains("Total:") }) else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "blocks"), index > 0 else { return nil }
        return Int(words[index - 1].replacingOccurrences(of: ",", with: ""))
    }

    /// Runs a command; its stderr, or nil when it failed.
    static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    static func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
