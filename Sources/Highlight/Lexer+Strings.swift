// String literals: plain and prefixed forms, interpolation, raw strings, lifetimes and heredocs.
extension Lexer {
    /// The body of a string whose opening ended just before `position`; the span starts at `start` (its prefix).
    mutating func lexString(_ form: CompiledLanguage.StringForm, from start: Int, raw: Bool, language: CompiledLanguage) {
        var segment = start
        while position < end {
            let byte = bytes[position]
            if let interpolation = form.interpolation, !raw, depth < Self.maximumDepth, matches(interpolation, at: position) {
                emit(.string, segment, position)
                emit(.punctuation, position, position + interpolation.count)
                position += interpolation.count
                depth += 1
                let wasLineStart = atLineStart
                lexCode(language, closer: interpolation.last == 0x28 ? 0x29 : 0x7D)
                atLineStart = wasLineStart
                depth -= 1
                if position < end {
                    emit(.punctuation, position, position + 1)
                    position += 1
                }
                segment = position
                continue
            }
            if byte == 0x5C, form.escapes, !raw {
                position = min(end, position + 2)
                continue
            }
            if byte == 0x0A, !form.multiline { break }
            if matches(form.close, at: position) {
                if form.doubledClose, matches(form.close, at: position + form.close.count) {
                    position += 2 * form.close.count
                    continue
                }
                position += form.close.count
                break
            }
            position += 1
        }
        let isKey = language.definition.keysBeforeColon && segment == start && isKeyColon(at: nextNonBlank(from: position))
        emit(isKey ? .type : .string, segment, position)
    }

    /// A string after a prefix name (`r"…"`, `b'…'`, `f"…"`, `@"…"`, Rust's `r#"…"#`, C++'s `R"x(…)x"`),
    /// the name running from `start` to `position`; false, with `position` left, when it is no prefix.
    mutating func lexPrefixedString(_ language: CompiledLanguage, from start: Int) -> Bool {
        let prefix = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        let definition = language.definition
        let isRawPrefix = prefix.contains(0x72) || prefix.contains(0x52)  // r, R
        if definition.rawStrings.contains(.rust), prefix == [0x72] || prefix == [0x62, 0x72] {
            return lexHashDelimitedString(from: start, hashesAt: position, multilineClose: false)
        }
        if definition.rawStrings.contains(.cpp), prefix.last == 0x52, peek(position) == 0x22 {
            return lexCppRawString(from: start)
        }
        guard language.stringPrefixes.contains(prefix) else { return false }
        let quoteAt = position
        for form in language.strings where matches(form.open, at: quoteAt) {
            position = quoteAt + form.open.count
            lexString(form, from: start, raw: isRawPrefix, language: language)
            return true
        }
        // C#'s `@"…"`, `$"…"` and `$@"…"` come as the marker byte, which is no name byte: see `lexMarked`.
        return false
    }

    /// A string opened by `#…#"` and closed by `"#…#` with as many hashes (Rust raw strings, Swift raw strings).
    mutating func lexHashDelimitedString(from start: Int, hashesAt: Int, multilineClose: Bool) -> Bool {
        var index = hashesAt
        while peek(index) == 0x23 { index += 1 }
        let hashes = index - hashesAt
        guard peek(index) == 0x22 else { return false }
        var close: [UInt8] = [0x22]
        // Swift's `#"""` opens a multiline raw string, closed by `"""#`.
        if multilineClose, matches([0x22, 0x22, 0x22], at: index) {
            close = [0x22, 0x22, 0x22]
            index += 2
        }
        close += [UInt8](repeating: 0x23, count: hashes)
        position = index + 1
        skip(past: close)
        emit(.string, start, position)
        return true
    }

    /// Swift's `#"…"#`: a `#` run before a quote.
    mutating func lexSwiftRawString(_ language: CompiledLanguage) -> Bool {
        lexHashDelimitedString(from: position, hashesAt: position, multilineClose: true)
    }

    /// C++'s `R"tag(…)tag"`; `position` is at the quote.
    mutating func lexCppRawString(from start: Int) -> Bool {
        var index = position + 1
        let tagStart = index
        while index < end, index - tagStart <= 16, bytes[index] != 0x28, bytes[index] != 0x0A, bytes[index] != 0x22 { index += 1 }
        guard peek(index) == 0x28 else { return false }
        let close = [0x29] + Array(UnsafeBufferPointer(rebasing: bytes[tagStart..<index])) + [0x22]
        position = index + 1
        skip(past: close)
        emit(.string, start, position)
        return true
    }

    /// Rust's `'a` lifetime (shown as a type), told from a character literal by the quote not closing at once.
    mutating func lexLifetime() -> Bool {
        let start = position
        guard let first = peek(start + 1), Self.isLetter(first) || first == 0x5F else { return false }
        var index = start + 1
        while index < end, Self.isWordByte(bytes[index]) { index += 1 }
        if peek(index) == 0x27 { return false }  // 'a' is a character
        position = index
        emit(.type, start, position)
        return true
    }

    /// `<<EOF`, `<<-EOF`, `<<~'EOS'`, `<<<EOT`: the tag is shown as a string and its body read from the next line.
    mutating func lexHeredocStart(_ language: CompiledLanguage) -> Bool {
        guard let heredoc = language.definition.heredoc, let introducer = language.heredocIntroducer else { return false }
        let start = position
        var index = start + introducer.count
        if let flag = peek(index), flag == 0x2D || flag == 0x7E { index += 1 }  // - ~
        if heredoc.allowsSpace { while peek(index).map(Self.isBlank) == true { index += 1 } }
        var quote: UInt8?
        if let byte = peek(index), byte == 0x27 || byte == 0x22 {
            quote = byte
            index += 1
        }
        guard let first = peek(index), Self.isLetter(first) || first == 0x5F else { return false }
        let lowercase = first >= 0x61 && first <= 0x7A
        if lowercase, quote == nil, !heredoc.allowsLowercase { return false }
        let tagStart = index
        while index < end, Self.isWordByte(bytes[index]), bytes[index] < 0x80 { index += 1 }
        let tag = Array(UnsafeBufferPointer(rebasing: bytes[tagStart..<index]))
        if let quote {
            guard peek(index) == quote else { return false }
            index += 1
        }
        position = index
        emit(.string, start, position)
        pendingHeredocs.append(tag)
        return true
    }

    /// The bodies of the pending heredocs, one after another, each to the line that holds its tag alone.
    mutating func readHeredocBodies() {
        let tags = pendingHeredocs
        pendingHeredocs = []
        for tag in tags {
            let bodyStart = position
            while position < end {
                var lineEnd = position
                while lineEnd < end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let text = nextNonBlank(from: position)
                let after = text + tag.count
                if matches(tag, at: text), after >= lineEnd || !Self.isWordByte(bytes[after]) {
                    position = after
                    break
                }
                position = lineEnd < end ? lineEnd + 1 : end
            }
            emit(.string, bodyStart, position)
            if position < end, bytes[position] != 0x0A, tags.count > 1 {
                // What follows the tag on its line (PHP's `;`) is code; a second heredoc starts after that line.
                skipToLineEnd()
                emit(.punctuation, bodyStart, position)
            }
            if position < end, bytes[position] == 0x0A, tag != tags.last {
                position += 1
                emit(.plain, position - 1, position)
            }
        }
    }
}
