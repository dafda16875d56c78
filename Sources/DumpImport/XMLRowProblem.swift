/// Why one row of a dump file cannot be read: the import counts it, names it and goes on.
enum XMLRowProblem: Error, Hashable, CustomStringConvertible {
    case tooLong
    case tooManyAttributes
    case notWellFormed
    case invalidUTF8(attribute: String)
    case unknownEntity(attribute: String)
    case duplicateAttribute(String)

    var description: String {
        switch self {
        case .tooLong: "longer than \(XMLRowReader.maximumRowBytes >> 20) MB"
        case .tooManyAttributes: "more than \(XMLRowReader.maximumAttributes) attributes"
        case .notWellFormed: "not well-formed XML"
        case .invalidUTF8(let attribute): "invalid UTF-8 in \(attribute)"
        case .unknownEntity(let attribute): "an unknown entity or a bad character reference in \(attribute)"
        case .duplicateAttribute(let name): "\(name) given twice"
        }
    }
}
