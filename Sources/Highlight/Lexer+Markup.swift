// The markup mode (HTML, XML): tags, attributes, comments, entities, and `<script>`/`<style>` bodies.
extension Lexer {
    private static let commentOpen = Array("<!--".utf8)
    private static let commentClose = Array("-->".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8)
    private static let cdataClose = Array("]]>".utf8)
    private static let instructionOpen = Array("<?".utf8)
    private static let instructionClose = Array("?>".utf8)
    private static let declarationClose = Array(">".utf8)

    mutating func lexMarkup(_ language: CompiledLanguage) {
        while position < end {
            let start = position
            let byte = bytes[position]
            if byte == 0x3C {  // <
                if matches(Self.commentOpen, at: start) {
                    skip(past: Self.commentClose)
                    emit(.comment, start, position)
                } else if matches(Self.cdataOpen, at: start) {
                    skip(past: Self.cdataClose)
                    emit(.string, start, position)
                } else if matches(Self.instructionOpen, at: start) {
                    skip(past: Self.instructionClose)
                    emit(.preprocessor, start, position)
                } else if peek(start + 1) == 0x21 {  // <!DOCTYPE …>
                    skip(past: Self.declarationClose)
                    emit(.preprocessor, start, position)
                } else if let next = peek(start + 1), Self.isLetter(next) || (next == 0x2F && peek(start + 2).map(Self.isLetter) == true) {
                    lexTag(language)
                } else {
                    position += 1
                    emit(.punctuation, start, position)
                }
            } else if byte == 0x26 {  // &amp; &#39;
                position += 1
                while position < end, Self.isWordByte(bytes[position]) || bytes[position] == 0x23, position - start < 12 { position += 1 }
                if peek(position) == 0x3B, position > start + 1 {
                    position += 1
                    emit(.number, start, position)
                } else {
                    emit(.plain, start, position)
                }
            } else {
                while position < end, bytes[position] != 0x3C, bytes[position] != 0x26 { position += 1 }
                emit(.plain, start, position)
            }
        }
    }

    /// `<name attr="value" …>` or `</name>`; a `<script>` or `<style>` body is then lexed in its own language.
    private mutating func lexTag(_ language: CompiledLanguage) {
        let start = position
        let closing = bytes[start + 1] == 0x2F
        position += closing ? 2 : 1
        emit(.punctuation, start, position)
        let nameStart = position
        while position < end, Self.isTagNameByte(bytes[position]) { position += 1 }
        emit(.keyword, nameStart, position)
        let name = Array(UnsafeBufferPointer(rebasing: bytes[nameStart..<position])).map { $0 | 0x20 }
        var selfClosing = false
        attributes: while position < end {
            let partStart = position
            let byte = bytes[position]
            switch byte {
            case 0x3E:  // >
                position += 1
                emit(.punctuation, partStart, position)
                break attributes
            case 0x2F where peek(position + 1) == 0x3E:  // />
                position += 2
                emit(.punctuation, partStart, position)
                selfClosing = true
                break attributes
            case 0x3C:  // a `<` inside a tag: the tag was never closed
                break attributes
            case 0x22, 0x27:
                position += 1
                while position < end, bytes[position] != byte { position += 1 }
                position = min(end, position + 1)
                emit(.string, partStart, position)
            case 0x3D, 0x2F:
                position += 1
                emit(.punctuation, partStart, position)
            default:
                if Self.isBlank(byte) || byte == 0x0A {
                    while position < end, Self.isBlank(bytes[position]) || bytes[position] == 0x0A { position += 1 }
                    emit(.plain, partStart, position)
                } else if bytes[max(partStart - 1, 0)] == 0x3D {
                    // An unquoted value.
                    while position < end, !Self.isBlank(bytes[position]), !"\n>".utf8.contains(bytes[position]) { position += 1 }
                    emit(.string, partStart, max(position, partStart + 1))
                    position = max(position, partStart + 1)
                } else {
                    while position < end, !Self.isBlank(bytes[position]), !"\n=>/\"'<".utf8.contains(bytes[position]) { position += 1 }
                    position = max(position, partStart + 1)
                    emit(.type, partStart, position)
                }
            }
        }
        guard !closing, !selfClosing, depth < Self.maximumDepth, let embedded = language.embedded[name],
              let inner = CompiledLanguage.all[embedded] else { return }
        // The body runs to the matching end tag (any case), or the end.
        var bodyEnd = position
        while bodyEnd < end {
            if bytes[bodyEnd] == 0x3C, peek(bodyEnd + 1) == 0x2F, matchesFolded(name, at: bodyEnd + 2) { break }
            bodyEnd += 1
        }
        let savedEnd = end
        end = bodyEnd
        depth += 1
        run(inner)
        depth -= 1
        position = bodyEnd
        end = savedEnd
    }

    private static func isTagNameByte(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == 0x3A || byte == 0x2D || byte == 0x2E
    }

    /// True when the bytes at `index` are `lowercase` in any case.
    private func matchesFolded(_ lowercase: [UInt8], at index: Int) -> Bool {
        guard index + lowercase.count <= end else { return false }
        for offset in 0..<lowercase.count where bytes[index + offset] | 0x20 != lowercase[offset] { return false }
        return true
    }
}
