import Dispatch

/// Runs blocking `work` (a pipe read, a wait for a process) on a dispatch thread and awaits its result.
///
/// Swift Testing runs tests on the concurrency pool, which has one thread per core (two here). A test that
/// blocks one of them starves every other test's polling, and tests with a time window then miss it.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
