extension CellStyle {
    /// How many values `index` takes.
    public static let indexCount = 1 << 13

    /// The style as a small integer below `indexCount`, or nil for a style it cannot hold (an attribute beyond the
    /// four there are today): attributes, colour and role packed, so the painter resolves a style with an array
    /// lookup instead of hashing the struct, and compares styles as integers.
    @inlinable public var index: Int? {
        let role = role.map { $0.index + 1 } ?? 0
        guard picture == nil, attributes.rawValue < 16, foreground.rawValue < 16, role < 32 else { return nil }
        return Int(attributes.rawValue) | Int(foreground.rawValue) << 4 | role << 8
    }

    /// Every field of the style in one integer (attributes, colour, role, a picture's colours), equal exactly when the styles are:
    /// what a row's hash mixes in for each cell.
    @inlinable public var bits: UInt64 {
        let text = UInt64(attributes.rawValue) | UInt64(foreground.rawValue) << 8 | UInt64(role.map { $0.index + 1 } ?? 0) << 16
        guard let picture else { return text }
        return text | 1 << 24 | UInt64(picture.foreground) << 32 | UInt64(picture.background) << 40
    }
}

extension ThemeRole {
    /// The role's position among `allCases` (below 31, so it fits `CellStyle.index`'s five bits).
    @inlinable public var index: Int {
        switch self {
        case .title: 0
        case .selectedRow: 1
        case .dim: 2
        case .tags: 3
        case .score: 4
        case .accepted: 5
        case .code: 6
        case .quote: 7
        case .link: 8
        case .statusBar: 9
        case .error: 10
        case .codeKeyword: 11
        case .codeString: 12
        case .codeComment: 13
        case .codeNumber: 14
        case .codeType: 15
        case .codeFunction: 16
        case .accent: 17
        case .listHeader: 18
        }
    }
}
