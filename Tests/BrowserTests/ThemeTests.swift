@testable import Browser
import Foundation
import StackExchange
import Testing

/// Themes: colours named, numbered or RGB and mapped down to the terminal, roles over the cells' own look.
@MainActor
struct ThemeTests {
    @Test func coloursAreReadByNameNumberAndRGB() {
        #expect(ThemeColor(name: "red") == .palette(1))
        #expect(ThemeColor(name: "Bright_Blue") == .palette(12))
        #expect(ThemeColor(name: "default") == .default)
        #expect(ThemeColor(name: "#ff8700") == .rgb(red: 255, green: 135, blue: 0))
        #expect(ThemeColor(index: 214) == .palette(214))
        for bad in ["redd", "#ff87", "#gg0000", "bright_"] { #expect(ThemeColor(name: bad) == nil, "\(bad)") }
        #expect(ThemeColor(index: 256) == nil)
        #expect(ThemeColor(index: -1) == nil)
        for color: ThemeColor in [.palette(3), .palette(11), .palette(200), .rgb(red: 1, green: 2, blue: 255)] {
            #expect(ThemeColor(name: color.configValue) ?? ThemeColor(index: Int(color.configValue) ?? -1) == color)
        }
    }

    @Test func coloursMapDownToWhatTheTerminalHas() {
        // 256 colours: palette entries as they are, RGB to the nearest cube entry.
        #expect(ThemeColor.palette(214).paletteIndex(colorCount: 256) == 214)
        #expect(ThemeColor.rgb(red: 255, green: 135, blue: 0).paletteIndex(colorCount: 256) == 208)
        // 8 colours: the nearest of the eight.
        #expect(ThemeColor.palette(196).paletteIndex(colorCount: 8) == 1, "bright red cube entry → red")
        #expect(ThemeColor.rgb(red: 0, green: 0, blue: 250).paletteIndex(colorCount: 8) == 4)
        #expect(ThemeColor.palette(9).paletteIndex(colorCount: 8) == 1, "bright red → red")
        #expect(ThemeColor.palette(9).paletteIndex(colorCount: 16) == 9)
        // No colours: nothing.
        #expect(ThemeColor.palette(1).paletteIndex(colorCount: 0) == nil)
        #expect(ThemeColor.default.paletteIndex(colorCount: 256) == nil)
    }

    @Test func darkDrawsTheCellsOwnLook() {
        let style = CellStyle(.bold, foreground: .green, role: .accepted)
        let look = Theme.dark.resolve(style)
        #expect(look.foreground == .palette(2))
        #expect(look.attributes == [.bold])
        #expect(Theme.dark.resolve(.plain).foreground == .default)
    }

    @Test func monoHasNoColourAndMarksRolesWithAttributes() {
        let mono = Theme.mono
        for role in ThemeRole.allCases {
            let look = mono.resolve(CellStyle(foreground: .red, role: role))
            #expect(look.foreground == .default && look.background == .default, "\(role) has no colour")
        }
        #expect(mono.resolve(CellStyle(role: .selectedRow)).attributes.contains(.reverse))
        #expect(mono.resolve(CellStyle(foreground: .green, role: .accepted)).attributes.contains(.bold))
        #expect(mono.resolve(CellStyle(foreground: .blue, role: .link)).attributes.contains(.underline))
        #expect(mono.resolve(CellStyle(foreground: .red, role: .error)).attributes.contains(.reverse))
        #expect(mono.resolve(CellStyle(foreground: .red)).foreground == .default, "cells without a role lose colour too")
    }

    @Test func aRoleOverrideReplacesOnlyWhatItSets() {
        var theme = Theme.dark
        theme.styles[.link] = RoleStyle(foreground: .palette(208))
        let look = theme.resolve(CellStyle(.underline, foreground: .blue, role: .link))
        #expect(look.foreground == .palette(208))
        #expect(look.attributes == [.underline], "attributes stay the cell's")
        #expect(Theme.light.resolve(CellStyle(foreground: .cyan, role: .code)).foreground == .palette(5))
    }

    @Test func theViewsTagTheirCellsWithRoles() {
        let h = Harness()
        h.startLoaded(Fixtures.variedQuestions)
        let list = h.controller.resizeAndRender(width: 100, height: 10)
        #expect((0..<100).allSatisfy { list[0, $0].style.role == .listHeader })
        #expect((0..<100).allSatisfy { list[1, $0].style.role == .selectedRow })
        #expect((0..<100).contains { list[9, $0].style.role == .statusBar })
        #expect((0..<100).contains { list[2, $0].style.role == .tags })
        #expect((0..<100).contains { list[4, $0].style.role == .accepted })
    }
}
