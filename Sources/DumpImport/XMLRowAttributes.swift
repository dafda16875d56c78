/// A row's attributes parsed from its bytes (from after `<row` to before its closing `>`), as XML reads them:
/// the five predefined entities and character references decoded, literal tabs and line ends read as spaces, and
/// nothing else expanded.
enum XMLRowAttributes {
    static func parse(_ row: [UInt8], wanted: Set<String>) -> Result<[String: String], XMLRowProblem> {
        row.withUnsafeBufferPointer { parse($0, wanted: wanted) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, wanted: Set<String>) -> Result<[String: String], XMLRowProblem> {
        var found: [String: String] = [:]
        var count = 0
        var index = 0
        let end = bytes.count
        while true {
            while index < end, isSpace(bytes[index]) { index += 1 }
            if index == end { return .success(found) }
            if bytes[index] == UInt8(ascii: "/") {
                return index + 1 == end ? .success(found) : .failure(.notWellFormed)
            }
            let nameStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let nameEnd = index
            while index < end, isSpace(bytes[index]) { index += 1 }
            guard nameEnd > nameStart, index < end, bytes[index] == UInt8(ascii: "=") else { return .failure(.notWellFormed) }
            index += 1
            while index < end, isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                return .failure(.notWellFormed)
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < end, bytes[index] != quote { index += 1 }
            guard index < end else { return .failure(.notWellFormed) }
            let valueEnd = index
            index += 1
            count += 1
            guard count <= XMLRowReader.maximumAttributes else { return .failure(.tooManyAttributes) }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            guard wanted.contains(name) else { continue }
            guard found[name] == nil else { return .failure(.duplicateAttribute(name)) }
            switch value(UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), of: name) {
            case .success(let text): found[name] = text
            case .failure(let problem): return .failure(problem)
            }
        }
    }

    /// One attribute's value decoded.
    static func value(_ raw: UnsafeBufferPointer<UInt8>, of name: String) -> Result<String, XMLRowProblem> {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "&"):
                guard let (scalar, length) = reference(raw, at: index) else { return .failure(.unknownEntity(attribute: name)) }
                UTF8.encode(scalar) { out.append($0) }
                index += length
                continue
            case UInt8(ascii: "<"):
                return .failure(.notWellFormed)
            case 0x0D:
                out.append(0x20)
                if index + 1 < raw.count, raw[index + 1] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                out.append(0x20)
            default:
                out.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else { return .failure(.invalidUTF8(attribute: name)) }
        return .success(text)
    }

    /// The entity or character reference at `start` (`&amp;`, `&#xA;`, `&#10;`) and its length; nil when unknown.
    private static func reference(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var end = start + 1
        while end < raw.count, end - start <= 12, raw[end] != UInt8(ascii: ";") { end += 1 }
        guard end < raw.count, raw[end] == UInt8(ascii: ";") else { return nil }
        let first = start + 1, count = end - first, length = end - start + 1
        func named(_ name: StaticString) -> Bool {
            count == name.utf8CodeUnitCount && (0..<count).allSatisfy { raw[first + $0] == name.utf8Start[$0] }
        }
        if named("amp") { return ("&", length) }
        if named("lt") { return ("<", length) }
        if named("gt") { return (">", length) }
        if named("quot") { return ("\"", length) }
        if named("apos") { return ("'", length) }
        guard count > 1, raw[first] == UInt8(ascii: "#") else { return nil }
        let isHex = raw[first + 1] == UInt8(ascii: "x")
        let digitsStart = first + (isHex ? 2 : 1)
        guard digitsStart < end else { return nil }
        var code: UInt32 = 0
        for index in digitsStart..<end {
            let byte = raw[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            code = code * (isHex ? 16 : 10) + digit
            guard code <= 0x10FFFF else { return nil }
        }
        guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
        return (scalar, length)
    }
}
