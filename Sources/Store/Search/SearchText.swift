import StackExchange

/// The words of a post's HTML body for the index: its prose, and apart from it the text of its code.
///
/// A scanner of its own, not the browser's `HTMLBlockBuilder`: the store cannot import the browser, and the index
/// needs only the text, not blocks and styles, at import speed (tens of thousands of bodies a second). Tags are
/// dropped, entities decoded (`PlainText`); `<pre>` blocks go to `code` only, inline `<code>` to both.
public struct SearchText: Sendable, Hashable {
    public var prose: String
    public var code: String

    public init(html: String) {
        var prose: [UInt8] = []
        var code: [UInt8] = []
        prose.reserveCapacity(html.utf8.count)
        var preDepth = 0
        var codeDepth = 0
        var utf8 = html.utf8.makeIterator()
        var pendingSpace = false
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "<") {
                var name: [UInt8] = []
                var closing = false
                var first = true
                while let next = utf8.next(), next != UInt8(ascii: ">") {
                    if first, next == UInt8(ascii: "/") { closing = true; first = false; continue }
                    first = false
                    if name.count < 5, (next | 0x20) >= UInt8(ascii: "a"), (next | 0x20) <= UInt8(ascii: "z") {
                        name.append(next | 0x20)
                    } else if name.count < 5 {
                        name.append(0x20)
                    }
                }
                let tag = String(decoding: name.prefix { $0 != 0x20 }, as: UTF8.self)
                if tag == "pre" { preDepth = max(0, preDepth + (closing ? -1 : 1)) }
                if tag == "code" { codeDepth = max(0, codeDepth + (closing ? -1 : 1)) }
                pendingSpace = true
                continue
            }
            if pendingSpace {
                if preDepth == 0 { prose.append(0x20) }
                if codeDepth > 0 || preDepth > 0 { code.append(0x20) }
                pendingSpace = false
            }
            if preDepth == 0 { prose.append(byte) }
            if codeDepth > 0 || preDepth > 0 { code.append(byte) }
        }
        self.prose = Self.decode(prose)
        self.code = Self.decode(code)
    }

    private static func decode(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(text) : text
    }
}
