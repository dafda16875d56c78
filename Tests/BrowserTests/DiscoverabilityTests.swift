@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Discoverable at a glance (issue 26): `? help` in the status bar until the help was opened once (remembered),
/// and the ten keys that end `stackterm --help`.
@MainActor
struct DiscoverabilityTests {
    @Test func theStatusBarOffersHelpUntilItIsOpenedOnce() {
        var model = BrowserModel(configuration: BrowserConfiguration(tags: ["swift"]), now: Fixtures.now)
        _ = model.handle(.start, at: Fixtures.now)
        #expect(BrowserRenderer.render(model, width: 80, height: 10).text(ofRow: 9).contains("? help"))
        let effects = model.handle(.key(.character("?")), at: Fixtures.now)
        #expect(effects.contains { if case .write(.remembered(let kept)) = $0 { kept.helpSeen } else { false } })
        _ = model.handle(.key(.escape), at: Fixtures.now)
        #expect(!BrowserRenderer.render(model, width: 80, height: 10).text(ofRow: 9).contains("help"))
        #expect(model.handle(.key(.character("?")), at: Fixtures.now).isEmpty, "remembered once, not on every opening")
    }

    @Test func helpSeenInAnEarlierRunIsNotOfferedAgain() {
        var model = BrowserModel(configuration: BrowserConfiguration(tags: ["swift"]), now: Fixtures.now)
        let start = model.handle(.start, at: Fixtures.now)
        #expect(start.contains { if case .read(.remembered) = $0 { true } else { false } })
        _ = model.handle(.stored(.remembered(Remembered(helpSeen: true))), at: Fixtures.now)
        #expect(!BrowserRenderer.render(model, width: 80, height: 10).text(ofRow: 9).contains("help"))
    }

    @Test func theOfferNamesTheKeyBoundToHelp() throws {
        var configuration = BrowserConfiguration(tags: ["swift"])
        configuration.keymap = try Keymap(bindings: [.toggleHelp: [.character("H")]])
        var model = BrowserModel(configuration: configuration, now: Fixtures.now)
        _ = model.handle(.start, at: Fixtures.now)
        #expect(BrowserRenderer.render(model, width: 80, height: 10).text(ofRow: 9).contains("H help"))
    }

    @Test func theUsefulKeysAreTenFromTheKeymapAndPointAtHelp() throws {
        let text = ActionTable.usefulKeysText()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "KEYS:")
        #expect(lines.dropFirst().prefix { !$0.isEmpty }.count == 10)
        #expect(text.contains("Enter, Right, l") && text.contains("read the question"))
        #expect(text.hasSuffix("? in stackterm shows every key of the screen you are on."))
        let rebound = ActionTable.usefulKeysText(keymap: try Keymap(bindings: [.quit: [.character("Q")]]))
        #expect(rebound.contains("  Q ") && !rebound.contains("  q "))
    }
}
