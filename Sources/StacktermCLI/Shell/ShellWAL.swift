import Foundation
public import Store

/// Keeps the store's write-ahead log small after a launch that answers on stdout.
///
/// Such a launch ends with `_exit` without closing the store, so nothing truncates the WAL as the browser's quit does
/// (`QuestionCache.finish`): each `--print` left about 40 kB in it, and the first open of the store after it (the next
/// `--print`'s, the browser's) reads and checksums all of it to rebuild its index. After some hundreds of `--print`
/// launches the WAL held megabytes and its checksums were a large part of each launch's CPU. Truncating after every launch would put
/// a checkpoint's `fsync`s on every exit; past `limit` it is done, so the next open reads at most that much.
public enum ShellWAL {
    /// A megabyte: about 25 launches' writes, read at the next open in well under a millisecond.
    public static let limit = 1 << 20

    /// Checkpoints and truncates `cache`'s WAL when it holds more than `limit` bytes; true when it did.
    @discardableResult
    public static func truncateIfLarge(_ cache: QuestionCache, limit: Int = ShellWAL.limit) -> Bool {
        // `stat`, not FileManager's attributes: those look up the owner's name (/etc/passwd, nscd) for nothing.
        var info = stat()
        guard stat(cache.file.path + "-wal", &info) == 0, Int(info.st_size) > limit else { return false }
        cache.checkpointWALNow()
        return true
    }
}
