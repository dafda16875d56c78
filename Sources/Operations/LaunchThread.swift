import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own, for work that a launch's first frame waits for: the store's two files opening, the question
/// to tmux.
///
/// Not a global dispatch queue: on Linux, libdispatch runs those queues' items on a pool no wider than the machine's
/// cores, and a worker blocked in a system call (SQLite's file locks and `fsync`s, `wait4` for tmux) keeps its place
/// until the pool's monitor sees it blocked. On two cores the data file's open waited there, measured, up to 2 ms
/// for the cache's open to end before it could start (BENCHMARKS.md, "The warm start on two cores"); a thread of its own
/// starts at once, and the kernel shares the cores among them. Written by hand: Foundation's `Thread` costs a
/// thread dictionary and an `NSObject` on the launch's path, and no package on the machine's list starts one.
public enum LaunchThread {
    /// Runs `body` on a new detached thread; on the global queue if no thread can be started.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { pointer in
            let work = Unmanaged<Work>.fromOpaque(pointer!).takeRetainedValue()
            work.body()
            return nil
        }, work)
        if started != 0 {
            Unmanaged<Work>.fromOpaque(work).release()
            DispatchQueue.global(qos: .userInitiated).async(execute: body)
        }
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
