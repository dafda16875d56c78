@testable import Browser
import Testing

/// Two requests are the same request when they are of one kind and equal as that kind, and hash alike then.
struct BrowserRequestEqualityTests {
    @Test func requestsOfOneKindAreEqualWhenTheirFieldsAre() {
        let a = BrowserRequest(BrowserRequest.Picture(url: "https://i.sstatic.net/a.png", siteName: "stackoverflow", questionID: 1))
        let same = BrowserRequest(BrowserRequest.Picture(url: "https://i.sstatic.net/a.png", siteName: "stackoverflow", questionID: 1))
        let other = BrowserRequest(BrowserRequest.Picture(url: "https://i.sstatic.net/b.png", siteName: "stackoverflow", questionID: 1))
        #expect(a == same)
        #expect(a.hashValue == same.hashValue)
        #expect(a != other)
        #expect(Set([a, same, other]).count == 2)
    }

    @Test func requestsOfTwoKindsAreNeverEqual() {
        let picture = BrowserRequest(BrowserRequest.Picture(url: "https://i.sstatic.net/a.png", siteName: "stackoverflow", questionID: 1))
        let sites = BrowserRequest.sites
        #expect(picture != sites)
        #expect(sites == BrowserRequest.sites)
        #expect(Set([picture, sites, BrowserRequest.sites]).count == 2)
    }
}
