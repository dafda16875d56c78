internal import CZlib
internal import Foundation

/// The kitty graphics protocol's commands: a picture transmitted once by id, placed by id wherever it scrolls to,
/// deleted by id when its question is left.
///
/// Written here rather than taken from chafa: chafa draws a picture where the cursor is but has no
/// transmit-once, place-by-id commands, which are what keep scrolling from resending the picture.
public enum KittyGraphics {
    /// The most base64 one escape carries (the protocol's limit).
    public static let chunkSize = 4096

    /// Sends `image`'s pixels (zlib-compressed RGBA) to the terminal under `id`, without drawing it, in chunks.
    public static func transmit(_ image: RGBAImage, id: UInt32) -> [UInt8] {
        let payload = Data(deflate(image.pixels)).base64EncodedString()
        var chunks: [Substring] = []
        var start = payload.startIndex
        while start < payload.endIndex {
            let end = payload.index(start, offsetBy: chunkSize, limitedBy: payload.endIndex) ?? payload.endIndex
            chunks.append(payload[start..<end])
            start = end
        }
        var out = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index < chunks.count - 1 ? 1 : 0
            let keys = index == 0 ? "a=t,f=32,o=z,s=\(image.width),v=\(image.height),i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
        }
        return Array(out.utf8)
    }

    /// Draws the picture `id` at the cursor over `columns × rows` cells, as placement `placement` (a later place with
    /// the same placement moves it), leaving the cursor where it was.
    public static func place(id: UInt32, placement: UInt32 = 1, columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),p=\(placement),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Removes the picture `id`'s placements from the screen, keeping its pixels for the next place.
    public static func hide(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Removes the picture `id` and frees its pixels in the terminal.
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// The query that asks whether the terminal speaks the protocol (a 1×1 picture, never stored); DA1 follows it so
    /// that a terminal that ignores it still answers something.
    public static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), 6)
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        return Array(out.prefix(Int(size)))
    }
}
