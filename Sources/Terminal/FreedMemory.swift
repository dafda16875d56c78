import CNCursesW

/// Hands memory the program has freed back to the kernel, so the resident size follows what is in use.
///
/// Pages are decoded on the operation queues' threads, and glibc's malloc gives each thread an arena of
/// its own; the JSON, the intermediate strings and the decoded page a thread frees stay resident in that
/// arena. `malloc_trim` returns the free pages of every arena. It costs a walk of the free lists (well
/// under a millisecond here), so it runs only when the list grew by a page, not every frame.
public enum FreedMemory {
    /// Returns the free pages of every malloc arena to the kernel.
    public static func release() {
        _ = stackterm_malloc_trim()
    }
}
