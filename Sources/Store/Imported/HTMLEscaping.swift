/// Escapes plain text as the API sends text (titles, names) and as the browser's HTML renderer reads a body.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
