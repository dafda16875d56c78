// The code mode: names, numbers, comments, markers and punctuation.
extension Lexer {
    /// Lexes code until the end, or, inside an interpolation, until the `closer` that matches its opening.
    mutating func lexCode(_ language: CompiledLanguage, closer: UInt8?) {
        let opener: UInt8? = switch closer {
        case 0x7D: 0x7B  // } {
        case 0x29: 0x28  // ) (
        default: nil
        }
        var nesting = 0
        while position < end {
            let start = position
            let byte = bytes[position]
            if byte == 0x0A {
                position += 1
                emit(.plain, start, position)
                atLineStart = true
                if !pendingHeredocs.isEmpty { readHeredocBodies() }
                continue
            }
            if Self.isBlank(byte) {
                while position < end, Self.isBlank(bytes[position]) { position += 1 }
                emit(.plain, start, position)
                continue
            }
            if let closer {
                if byte == opener {
                    nesting += 1
                } else if byte == closer {
                    if nesting == 0 { return }
                    nesting -= 1
                }
            }
            let lineStart = atLineStart
            atLineStart = false
            if language.starters[Int(byte)], lexMarked(language, lineStart: lineStart) {
                definesName = false
                definesType = false
            } else if Self.isDigit(byte) || (byte == 0x2E && peek(position + 1).map(Self.isDigit) == true) {
                lexNumber(language)
                definesName = false
                definesType = false
            } else if language.nameBytes[Int(byte)] {
                lexName(language)
            } else {
                if byte == 0x7B { braceDepth += 1 } else if byte == 0x7D { braceDepth = max(0, braceDepth - 1) }
                position += 1
                emit(.punctuation, start, position)
                definesName = false
                definesType = false
            }
            if position == start {
                // Nothing claimed the byte: take it as plain, so the loop always moves on.
                position += 1
                emit(.plain, start, position)
            }
        }
    }

    /// Lexes what starts with one of the language's marker bytes (a comment, a string, a directive, an
    /// attribute or a variable); false, with nothing consumed, when the byte starts none of them here.
    mutating func lexMarked(_ language: CompiledLanguage, lineStart: Bool) -> Bool {
        let start = position
        let byte = bytes[start]
        let definition = language.definition
        for (token, role) in language.fixedTokens where matches(token, at: start) {
            position += token.count
            emit(role, start, position)
            return true
        }
        for comment in language.blockComments where matches(comment.open, at: start) && (!comment.atLineStart || lineStart) {
            lexBlockComment(comment)
            return true
        }
        for marker in language.lineComments where matches(marker, at: start) {
            if definition.lineCommentNeedsSpace, start > 0, !Self.isBlank(bytes[start - 1]), bytes[start - 1] != 0x0A { continue }
            skipToLineEnd()
            emit(.comment, start, position)
            return true
        }
        if let introducer = language.heredocIntroducer, matches(introducer, at: start), lexHeredocStart(language) { return true }
        if byte == 0x23, definition.rawStrings.contains(.swift), lexSwiftRawString(language) { return true }
        if byte == 0x27, definition.lifetimes, lexLifetime() { return true }
        for prefix in language.symbolPrefixes where matches(prefix, at: start) {
            guard var form = language.strings.first(where: { matches($0.open, at: start + prefix.count) }) else { continue }
            position = start + prefix.count + form.open.count
            // `@` makes it verbatim: no escapes, `""` for a quote.
            let verbatim = prefix.contains(0x40)
            if verbatim { form.doubledClose = true }
            lexString(form, from: start, raw: verbatim, language: language)
            return true
        }
        let afterName = start > 0 && language.nameBytes[Int(bytes[start - 1])]
        for form in language.strings where matches(form.open, at: start) && !(definition.quotesNeedSeparator && afterName) {
            position += form.open.count
            lexString(form, from: start, raw: false, language: language)
            return true
        }
        if byte == 0x23, lexHashDirective(definition.hashDirective, lineStart: lineStart) { return true }
        if byte == definition.attributeMarker, lexMarkedName(.preprocessor, language: language, dotted: true) { return true }
        if byte == definition.variableMarker, lexVariable(language) { return true }
        return false
    }

    mutating func lexBlockComment(_ comment: CompiledLanguage.BlockComment) {
        let start = position
        position += comment.open.count
        var level = 1
        while position < end {
            if comment.nests, matches(comment.open, at: position) {
                level += 1
                position += comment.open.count
            } else if matches(comment.close, at: position) {
                level -= 1
                position += comment.close.count
                if level == 0 { break }
            } else {
                position += 1
            }
        }
        emit(.comment, start, position)
    }

    /// `#include …` (to the line's end), `#if` (the word), `#[derive(…)]` (to the closing bracket).
    mutating func lexHashDirective(_ directive: LanguageDefinition.HashDirective, lineStart: Bool) -> Bool {
        let start = position
        switch directive {
        case .none:
            return false
        case .line:
            guard lineStart else { return false }
            skipToLineEnd()
        case .word:
            guard let next = peek(start + 1), Self.isLetter(next) else { return false }
            position += 1
            while position < end, Self.isWordByte(bytes[position]) { position += 1 }
        case .attribute:
            var open = start + 1
            if peek(open) == 0x21 { open += 1 }  // #![…]
            guard peek(open) == 0x5B else { return false }
            position = open + 1
            var level = 1
            while position < end, level > 0 {
                if bytes[position] == 0x5B { level += 1 } else if bytes[position] == 0x5D { level -= 1 }
                position += 1
            }
        }
        emit(.preprocessor, start, position)
        return true
    }

    /// A marker byte and the name after it (`@Override`, `@app.route`, `:symbol`), in `role`.
    mutating func lexMarkedName(_ role: HighlightRole, language: CompiledLanguage, dotted: Bool) -> Bool {
        let start = position
        guard let next = peek(start + 1), Self.isLetter(next) || next == 0x5F else { return false }
        // `a::b` and `x@y` are no attributes: the marker must not follow a name or itself.
        if start > 0, language.nameBytes[Int(bytes[start - 1])] || bytes[start - 1] == bytes[start] { return false }
        position += 1
        while position < end {
            let byte = bytes[position]
            if language.nameBytes[Int(byte)] || (dotted && byte == 0x2E && peek(position + 1).map(Self.isLetter) == true) {
                position += 1
            } else {
                break
            }
        }
        emit(role, start, position)
        return true
    }

    /// `$name`, `${name}`, `$1`, `$?` (shell, PHP), `@name` and `@@name` (Ruby), `*alias` (YAML): shown as types.
    mutating func lexVariable(_ language: CompiledLanguage) -> Bool {
        let start = position
        let marker = bytes[start]
        guard let next = peek(start + 1) else { return false }
        if next == 0x7B, marker == 0x24 {  // ${…}
            position = start + 2
            while position < end, bytes[position] != 0x7D, bytes[position] != 0x0A { position += 1 }
            if position < end, bytes[position] == 0x7D { position += 1 }
        } else if Self.isLetter(next) || next == 0x5F || (next == marker && marker == 0x40) {
            position = start + (next == marker ? 2 : 1)
            while position < end, Self.isWordByte(bytes[position]) { position += 1 }
        } else if marker == 0x24, Self.isDigit(next) || "#?@*!$-".utf8.contains(next) {
            position = start + 2
        } else {
            return false
        }
        emit(.type, start, position)
        return true
    }

    /// `0x1F`, `0b1010`, `1_000`, `1'000` (C++), `3.14e-2`, `10px`, `2f`, `5L`, as the language's `NumberForm` allows.
    mutating func lexNumber(_ language: CompiledLanguage) {
        let start = position
        let form = language.definition.numbers
        func isDigit(_ byte: UInt8) -> Bool { Self.isDigit(byte) || byte == form.separator }
        if bytes[position] == 0x30, let marker = peek(position + 1), language.radixLetters[Int(marker)] {
            position += 2
            while position < end, Self.isLetter(bytes[position]) || isDigit(bytes[position]) { position += 1 }
            emit(.number, start, position)
            return
        }
        while position < end, isDigit(bytes[position]) { position += 1 }
        if peek(position) == 0x2E, peek(position + 1).map(Self.isDigit) == true {
            position += 1
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        if let e = peek(position), e | 0x20 == 0x65 {
            var digits = position + 1
            if let sign = peek(digits), sign == 0x2B || sign == 0x2D { digits += 1 }
            if peek(digits).map(Self.isDigit) == true {
                position = digits
                while position < end, Self.isDigit(bytes[position]) { position += 1 }
            }
        }
        if form.allowsSuffix {
            while position < end, Self.isLetter(bytes[position]) || Self.isDigit(bytes[position]) || bytes[position] == 0x5F { position += 1 }
        }
        emit(.number, start, position)
    }

    /// A name: a listed word, a string's prefix, a function, a type, a key, or plain.
    mutating func lexName(_ language: CompiledLanguage) {
        let start = position
        while position < end, language.nameBytes[Int(bytes[position])] { position += 1 }
        let definition = language.definition
        if let next = peek(position), next == 0x22 || next == 0x27 || next == 0x23 {
            if lexPrefixedString(language, from: start) {
                definesName = false
                definesType = false
                return
            }
        }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<position])
        let entry = language.words.entry(of: bytes, start..<position)
        let role: HighlightRole
        let after = nextNonBlank(from: position)
        if let entry {
            role = entry.role
        } else if definesType {
            role = .type
        } else if definesName {
            role = .function
        } else if peek(after) == 0x28 {
            role = .function
        } else if definition.keysBeforeColon, isKeyColon(at: after) {
            role = .type
        } else if definition.capitalisedTypes, bytes[start] >= 0x41, bytes[start] <= 0x5A,
                  name.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
            role = .type
        } else {
            role = .plain
        }
        definesName = entry?.introducesFunction ?? false
        definesType = entry?.introducesType ?? false
        emit(role, start, position)
    }

    /// True when `index` holds the `:` after a key: not `::`, and either inside braces (CSS, JSON) or
    /// followed by a blank or the line's end (YAML).
    func isKeyColon(at index: Int) -> Bool {
        guard peek(index) == 0x3A, peek(index + 1) != 0x3A else { return false }
        guard let after = peek(index + 1) else { return true }
        return braceDepth > 0 || Self.isBlank(after) || after == 0x0A
    }
}
