/// At most `registers` colours for a picture: its own colours when it has that few, else median cut.
struct SixelPalette {
    let colours: [RGB]
    private var lookup: [RGB: Int] = [:]

    init(_ pixels: [RGB], registers: Int) {
        var counts: [RGB: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        let limit = max(2, registers)
        if counts.count <= limit {
            colours = counts.keys.sorted { ($0.red, $0.green, $0.blue) < ($1.red, $1.green, $1.blue) }
        } else {
            colours = Self.medianCut(counts, into: limit)
        }
    }

    /// The register of the colour nearest `rgb`.
    mutating func index(of rgb: RGB) -> Int {
        if let known = lookup[rgb] { return known }
        var best = 0
        var bestDistance = Int.max
        for (i, colour) in colours.enumerated() {
            let d = colour.distance(to: rgb)
            if d < bestDistance { best = i; bestDistance = d }
        }
        lookup[rgb] = best
        return best
    }

    /// Boxes of colours split at the median of their widest channel until there are `count`; each box's weighted mean.
    private static func medianCut(_ counts: [RGB: Int], into count: Int) -> [RGB] {
        let channels: [(RGB) -> Int] = [{ Int($0.red) }, { Int($0.green) }, { Int($0.blue) }]
        func widest(_ box: [(RGB, Int)]) -> (channel: Int, spread: Int) {
            var best = (0, -1)
            for (i, channel) in channels.enumerated() {
                let values = box.map { channel($0.0) }
                let spread = values.max()! - values.min()!
                if spread > best.1 { best = (i, spread) }
            }
            return best
        }
        var boxes: [[(RGB, Int)]] = [counts.map { ($0.key, $0.value) }.sorted { ($0.0.red, $0.0.green, $0.0.blue) < ($1.0.red, $1.0.green, $1.0.blue) }]
        while boxes.count < count {
            guard let pick = boxes.indices.filter({ boxes[$0].count > 1 }).max(by: { widest(boxes[$0]).spread < widest(boxes[$1]).spread })
            else { break }
            let channel = channels[widest(boxes[pick]).channel]
            let sorted = boxes[pick].sorted { channel($0.0) < channel($1.0) }
            let total = sorted.reduce(0) { $0 + $1.1 }
            var running = 0
            var cut = 1
            for (i, entry) in sorted.enumerated() {
                running += entry.1
                if running * 2 >= total { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[pick] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            let weight = box.reduce(0) { $0 + $1.1 }
            func mean(_ channel: (RGB) -> Int) -> UInt8 { UInt8(box.reduce(0) { $0 + channel($1.0) * $1.1 } / weight) }
            return RGB(red: mean(channels[0]), green: mean(channels[1]), blue: mean(channels[2]))
        }
    }
}
