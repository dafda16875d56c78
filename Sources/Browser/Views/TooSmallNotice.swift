/// Draws the notice shown instead of the screens when the terminal is smaller than they need.
enum TooSmallNotice {
    /// Centres "terminal too small" (and the size needed, when it fits) in `buffer`, at any size including 0×0.
    static func draw(into buffer: inout ScreenBuffer, minimumWidth: Int, minimumHeight: Int) {
        guard buffer.width > 0, buffer.height > 0 else { return }
        var lines = [TextFit.truncate("terminal too small", width: buffer.width)]
        if buffer.height >= 2 {
            lines.append(TextFit.truncate("need \(minimumWidth)×\(minimumHeight)", width: buffer.width))
        }
        let top = (buffer.height - lines.count) / 2
        for (offset, line) in lines.enumerated() {
            let column = max(0, (buffer.width - DisplayWidth.of(line)) / 2)
            buffer.put(line, row: top + offset, column: column)
        }
    }
}
