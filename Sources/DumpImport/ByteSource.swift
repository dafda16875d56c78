/// Where one dump file's bytes come from: an entry of the archive being read, or a plain file.
protocol ByteSource: AnyObject {
    /// Fills `buffer` with up to `count` bytes; 0 at the end, -1 on an error (`failure` says which).
    func read(_ buffer: UnsafeMutableRawPointer, count: Int) -> Int
    /// What went wrong, after a read answered -1.
    var failure: String? { get }
}
