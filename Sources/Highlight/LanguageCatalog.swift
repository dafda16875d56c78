/// Every language definition, and the look-ups by name, alias and tag.
enum LanguageCatalog {
    static let definitions: [LanguageDefinition] = [
        c, cpp, csharp, java, kotlin, javascript, typescript, python, ruby, php, go, rust, swift, shell, sql, html, xml,
        css, json, yaml,
    ]

    /// What a language missing from the catalogue lexes as: nothing but plain text.
    static let plainDefinition = LanguageDefinition(name: "text")

    static let byName: [String: LanguageDefinition] = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    static let byAlias: [String: LanguageDefinition] = {
        var table: [String: LanguageDefinition] = [:]
        for definition in definitions {
            for alias in [definition.name] + definition.aliases where table[alias] == nil { table[alias] = definition }
        }
        return table
    }()

    static let byTag: [String: String] = {
        var table: [String: String] = [:]
        for definition in definitions {
            for tag in definition.tags where table[tag] == nil { table[tag] = definition.name }
        }
        return table
    }()
}
