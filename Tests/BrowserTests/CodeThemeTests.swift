@testable import Browser
import Highlight
import Testing

/// The code roles in each built-in theme: colours that tell keywords, strings and comments apart where there
/// is colour, and attributes alone in `mono`.
struct CodeThemeTests {
    static let codeRoles: [ThemeRole] = [.codeKeyword, .codeString, .codeComment, .codeNumber, .codeType, .codeFunction]

    @Test func theRolesHaveTheirConfigNames() {
        #expect(Self.codeRoles.map(\.rawValue) == [
            "code_keyword", "code_string", "code_comment", "code_number", "code_type", "code_function",
        ])
    }

    @Test func monoUsesAttributesOnlyBoldKeywordsDimComments() {
        for role in Self.codeRoles {
            let look = Theme.mono.resolve(CodeHighlights.style(for: Self.highlightRole(role)))
            #expect(look.foreground == .default && look.background == .default, "\(role)")
        }
        #expect(Theme.mono.resolve(CodeHighlights.keywordStyle).attributes == [.bold])
        #expect(Theme.mono.resolve(CodeHighlights.style(for: .comment)).attributes == [.dim])
        #expect(Theme.mono.resolve(CodeHighlights.style(for: .string)).attributes == [])
    }

    @Test func darkAndLightTellKeywordsStringsAndPlainCodeApart() {
        for theme in [Theme.dark, Theme.light] {
            let plain = theme.resolve(BlockRenderer.codeStyle).foreground
            let keyword = theme.resolve(CodeHighlights.keywordStyle).foreground
            let string = theme.resolve(CodeHighlights.style(for: .string)).foreground
            #expect(Set([plain, keyword, string]).count == 3, "\(theme.name)")
            // Eight-colour terminals show each of them as it is.
            for color in [plain, keyword, string] { #expect(color.paletteIndex(colorCount: 8) != nil, "\(theme.name)") }
        }
        // Light: no yellow or cyan code text, which fades on white.
        for role in Self.codeRoles {
            let color = Theme.light.resolve(CodeHighlights.style(for: Self.highlightRole(role))).foreground
            #expect(color != .palette(3) && color != .palette(6), "\(role)")
        }
    }

    static func highlightRole(_ role: ThemeRole) -> HighlightRole {
        switch role {
        case .codeKeyword: .keyword
        case .codeString: .string
        case .codeComment: .comment
        case .codeNumber: .number
        case .codeType: .type
        default: .function
        }
    }
}
