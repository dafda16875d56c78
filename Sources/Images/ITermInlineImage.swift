internal import Foundation

/// iTerm2's inline image escape (OSC 1337 File=): the file's own bytes, which the terminal decodes and scales.
public enum ITermInlineImage {
    /// Draws the picture whose file is `bytes` over `columns × rows` cells at the cursor.
    public static func draw(file bytes: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let body = Data(bytes).base64EncodedString()
        let keys = "inline=1;size=\(bytes.count);width=\(columns);height=\(rows);preserveAspectRatio=1"
        return Array("\u{1B}]1337;File=\(keys):\(body)\u{07}".utf8)
    }
}
