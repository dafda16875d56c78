/// The most a response may hold, on the wire and once decoded: set here, in one place.
///
/// The largest real page (100 questions with bodies and answers through `withbody`) is well under 2 MB; a body
/// past the limit is a fault or an attack (a gzip bomb of 1 MB inflates to 1 GB), and the request fails with
/// `response too large` before it reaches memory.
public enum ResponseLimit {
    /// 8 MiB.
    public static let bytes = 8 << 20

    /// The most header bytes one exchange may receive: every response's head (interim ones too) and the body's
    /// trailers together, 256 KiB. The API's heads are under 2 KB; a server that sends more, or trailers without end,
    /// is refused as `response too large`.
    public static let headerBytes = 256 << 10
}
