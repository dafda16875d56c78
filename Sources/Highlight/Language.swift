/// A language the highlighter knows, named as the block's label shows it (`python`, `c++`, `shell`).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The name shown at a code block's top-right corner.
    public let name: String

    init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The language `alias` names (`py`, `python`, `lang-py`), case-insensitively; nil when none does.
    public init?(alias: String) {
        var key = alias.lowercased()
        if key.hasPrefix("lang-") { key.removeFirst(5) }
        guard let definition = LanguageCatalog.byAlias[key] else { return nil }
        self = Language(definition.name)
    }

    /// Every language, in the catalogue's order.
    public static var all: [Language] { LanguageCatalog.definitions.map { Language($0.name) } }

    var definition: LanguageDefinition { LanguageCatalog.byName[name] ?? LanguageCatalog.plainDefinition }
}
