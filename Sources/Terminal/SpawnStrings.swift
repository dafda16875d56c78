#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with `argv` and `environment` as the NULL-terminated C string arrays `posix_spawn` takes.
///
/// The strings are copied for the call and freed after it; `ChildSpawn` and `PseudoTerminal` both spawn this way.
func withSpawnStrings<Result>(
    _ argv: [String], environment: [String: String],
    _ body: ([UnsafeMutablePointer<CChar>?], [UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
    let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
    }
    return body(cArguments, cEnvironment)
}
