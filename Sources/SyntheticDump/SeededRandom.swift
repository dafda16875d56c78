/// SplitMix64: a small, fast, seeded generator, so that the same seed writes the same dump on every machine
/// (Swift's `SystemRandomNumberGenerator` cannot be seeded). The browser's replay tests draw their sessions from it too.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// An index in `0..<count` that favours small ones (roughly Zipf), as words in real text do.
    public mutating func skewed(_ count: Int) -> Int {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return min(count - 1, Int(Double(count) * unit * unit * unit))
    }
}
