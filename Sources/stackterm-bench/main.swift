import Foundation

// stackterm-bench [--smoke] [FILTER]: runs the benchmarks whose name contains FILTER (all by default) and prints a
// markdown table on stdout. Use a release build for numbers; --smoke runs each a few times to prove they still run.
// stackterm-bench --paint-only WIDTHxHEIGHT FRAMES: paints full screens and nothing else, for callgrind.
// stackterm-bench --rss-child ROWS: the memory benchmark's child process.
// stackterm-bench --list-frames ROWS FRAMES: PageDowns through ROWS synthetic questions, headless, for callgrind.
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--paint-only", arguments.count == 3 {
    let size = arguments[1].split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, let frames = Int(arguments[2]) else { fatalError("usage: --paint-only WIDTHxHEIGHT FRAMES") }
    MainActor.assumeIsolated { PaintBenchmarks.paintOnly(width: size[0], height: size[1], frames: frames) }
    exit(0)
}
if arguments.first == "--list-frames", arguments.count == 3, let rows = Int(arguments[1]), let frames = Int(arguments[2]) {
    MainActor.assumeIsolated { ListFrameWork.run(rows: rows, frames: frames) }
    exit(0)
}
if arguments.first == "--rss-child", arguments.count == 2, let rows = Int(arguments[1]) {
    MainActor.assumeIsolated { MemoryBenchmarks.child(rows: rows) }
    exit(0)
}
var runner = BenchmarkRunner()
if let index = arguments.firstIndex(of: "--smoke") {
    runner.isSmoke = true
    arguments.remove(at: index)
}
runner.filter = arguments.first
MainActor.assumeIsolated {
    PaintBenchmarks.register(&runner)
}
CallgrindBenchmarks.register(&runner)
ColdStartBenchmarks.register(&runner)
DemoRelaunchBenchmarks.register(&runner)
TmuxBenchmarks.register(&runner)
ShellBenchmarks.register(&runner)
MemoryBenchmarks.register(&runner)
GzipBombBenchmarks.register(&runner)
StoreBenchmarks.register(&runner)
OperationBenchmarks.register(&runner)
DecodingBenchmarks.register(&runner)
DetailLayoutBenchmarks.register(&runner)
PictureBenchmarks.register(&runner)
ConfigBenchmarks.register(&runner)
DumpBenchmarks.register(&runner)
HostileDumpBenchmarks.register(&runner)
WatchBenchmarks.register(&runner)
WatchWakeupBenchmarks.register(&runner)
MainActor.assumeIsolated {
    FindBenchmarks.register(&runner)
}
print(runner.markdownTable())
