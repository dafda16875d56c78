// The markup and data languages: HTML, XML, CSS, JSON and YAML.
extension LanguageCatalog {
    static let html = LanguageDefinition(
        name: "html", aliases: ["html", "htm", "xhtml", "vue", "svelte"], tags: ["html", "html5"],
        mode: .markup, embedded: ["script": "javascript", "style": "css"]
    )

    static let xml = LanguageDefinition(
        name: "xml", aliases: ["xml", "xsl", "xslt", "svg", "plist", "xaml", "rss", "atom"], tags: ["xml", "xslt", "xpath", "xsd", "svg"],
        mode: .markup
    )

    static let css = LanguageDefinition(
        name: "css", aliases: ["css", "scss", "less", "sass"], tags: ["css", "sass", "scss", "less", "css-selectors", "flexbox", "css-grid"],
        keywords: ["!important", "from", "to", "and", "not", "only"],
        builtins: ["url", "rgb", "rgba", "hsl", "hsla", "calc", "var", "min", "max", "clamp", "translate", "rotate", "scale"],
        constants: ["inherit", "initial", "unset", "none", "auto"],
        lineComments: [], blockComments: cComments, strings: [quoted, .init(open: "'", close: "'")],
        attributeMarker: UInt8(ascii: "@"), extraNameBytes: [UInt8(ascii: "-"), UInt8(ascii: "!")], keysBeforeColon: true
    )

    static let json = LanguageDefinition(
        name: "json", aliases: ["json", "jsonc", "json5", "geojson"], tags: ["json", "jsonschema"],
        constants: ["true", "false", "null"],
        lineComments: ["//"], blockComments: cComments, numbers: .init(radixLetters: "", separator: nil, allowsSuffix: false),
        strings: [quoted], keysBeforeColon: true
    )

    static let yaml = LanguageDefinition(
        name: "yaml", aliases: ["yaml", "yml"], tags: ["yaml", "docker-compose", "kubernetes", "github-actions", "ansible"],
        constants: ["true", "false", "null", "yes", "no", "on", "off", "True", "False", "Null", "TRUE", "FALSE", "NULL", "~"],
        lineComments: ["#"], lineCommentNeedsSpace: true,
        strings: [.init(open: "\"", close: "\"", multiline: true), .init(open: "'", close: "'", escapes: false, multiline: true, doubledClose: true)],
        quotesNeedSeparator: true, attributeMarker: UInt8(ascii: "&"), variableMarker: UInt8(ascii: "*"), extraNameBytes: [UInt8(ascii: "-"), UInt8(ascii: ".")],
        keysBeforeColon: true
    )
}
