import Foundation

// stackterm-bench [FILTER]: runs the benchmarks whose name contains FILTER (all by default). Use a release build.
var runner = BenchmarkRunner()
runner.filter = CommandLine.arguments.dropFirst().first
print(BenchmarkRunner.header())
OperationBenchmarks.register(&runner)
DecodingBenchmarks.register(&runner)
DetailLayoutBenchmarks.register(&runner)
ConfigBenchmarks.register(&runner)
