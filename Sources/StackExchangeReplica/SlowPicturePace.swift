/// How the replica's slow picture (`/img/slow.png`) is sent: its head at once, then its body in `chunks` pieces,
/// one every `interval` seconds, so that the whole body takes `seconds`. A client that leaves meanwhile closes the
/// connection with the body cut off, and the log says so (`ReplicaLogEntry.bodyBytesSent`) and when.
public enum SlowPicturePace {
    /// How many pieces the body is cut into.
    public static let chunks = 48
    /// The time between two pieces.
    public static let interval = 0.25
    /// How long the whole body takes.
    public static var seconds: Double { Double(chunks) * interval }

    /// The time between two pieces of an answer to a request with `query`: `seconds=N` stretches the whole body
    /// over N seconds (a test that must do something while the body is surely still arriving, on a loaded machine).
    static func interval(query: [String: String]) -> Double {
        guard let text = query["seconds"], let whole = Double(text), whole > 0, whole <= 3_600 else { return interval }
        return whole / Double(chunks)
    }

    /// The bytes of each piece of a body of `length` bytes.
    static func chunkSize(of length: Int) -> Int { max(1, (length + chunks - 1) / chunks) }
}
