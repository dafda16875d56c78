import Foundation
import Images
import StackExchange
import Testing
@testable import Browser

/// The posts' pictures in the detail layout: the box at once (the link number kept), the picture's rows once it is
/// in, scaled by the rule (the text width, `max_rows`, never enlarged) at several widths, drawn as coloured cells.
struct PictureLayoutTests {
    typealias S = DetailTestSupport
    static let url = "https://i.sstatic.net/plot.png"
    static let body = #"<p>Above the plot.</p><p><a href="\#(url)"><img src="\#(url)" alt="a plot"></a></p><p>Below the plot.</p>"#

    /// A `width × height` picture of two colours (left half red, right half blue).
    static func file(width: Int, height: Int) -> PictureFile {
        let pixels = RGBAImage(width: width, height: height) { x, _ in
            x < width / 2 ? RGBA(red: 220, green: 30, blue: 30) : RGBA(red: 30, green: 30, blue: 220)
        }
        return PictureFile(format: .png, width: width, height: height, pixels: pixels.reduced(toFit: PictureFile.drawingSide))
    }

    static func layout(
        _ html: String = body, width: Int, state: PictureState?, form: ImageForm = .blocks(.half, .palette256), maxRows: Int = 20
    ) -> DetailDocument {
        var shelf = PictureShelf(look: PictureLook(form: form, maxRows: maxRows))
        if let state { shelf[url] = state }
        return DetailLayout.layout(
            QuestionDetail(question: S.question(body: html), answers: []), width: width, now: S.now, pictures: shelf)
    }

    /// The body's lines, from the one that says "Above" on.
    static func bodyText(_ document: DetailDocument) -> [String] {
        let text = document.lines.map(\.text)
        return Array(text[(text.firstIndex { $0.hasPrefix("Above") } ?? 0)...])
    }

    @Test func thePictureIsABoxWithItsLinkNumberAtOnce() {
        #expect(S.bodyLines(Self.body) == [
            "Above the plot.", "", "[image: a plot][1]", "", "Below the plot.", "", "[1] \(Self.url)",
        ])
        let waiting = Self.layout(width: 60, state: nil)
        #expect(Self.bodyText(waiting).prefix(5) == ["Above the plot.", "", "[image: a plot · waiting][1]", "", "Below the plot."])
        let loading = Self.layout(width: 60, state: .loading)
        #expect(Self.bodyText(loading)[2] == "[image: a plot · loading…][1]")
        #expect(loading.pictures.map(\.picture) == [PostPicture(url: Self.url, alt: "a plot", link: 1)])
        #expect(loading.links == [Self.url])
    }

    @Test func aPictureInsideTextBreaksItAndAPictureWithoutALinkGetsItsNumber() {
        let html = #"<p>before <img src="https://i.sstatic.net/x.png" alt="x"> after</p>"#
        #expect(S.bodyLines(html) == ["before", "[image: x][1]", "after", "", "[1] https://i.sstatic.net/x.png"])
        let linkedElsewhere = #"<p><a href="https://example.com/page"><img src="https://i.sstatic.net/x.png" alt="x"></a></p>"#
        #expect(S.bodyLines(linkedElsewhere) == [
            "[image: x][1]", "[2]", "", "[1] https://i.sstatic.net/x.png", "[2] https://example.com/page",
        ])
    }

    @Test func theShownPictureFollowsItsBoxScaledToTheWidth() throws {
        // 96×48 pixels, 8×16 per cell: 12 columns, 3 rows, at any width with room for it (never enlarged).
        for width in [40, 60, 100, 200] {
            let document = Self.layout(width: width, state: .shown(Self.file(width: 96, height: 48)))
            let spot = try #require(document.pictures.first)
            #expect(spot.lines.count == 1 + 3, "width \(width)")
            #expect(document.lines[spot.lines.lowerBound].text == "[image: a plot · 96×48][1]")
            for row in spot.pictureRows { #expect(document.lines[row].displayWidth == 12, "width \(width)") }
            #expect(document.lines[spot.lines.upperBound].text == "")
            #expect(document.lines[spot.lines.upperBound + 1].text == "Below the plot.")
        }
        // Narrower than the picture: it shrinks to the width, keeping its aspect (8 columns of 8 px: 64×32 px, 2 rows).
        let narrow = Self.layout(width: 8, state: .shown(Self.file(width: 96, height: 48)))
        let spot = try #require(narrow.pictures.first)
        #expect(spot.pictureRows.count == 2)
        for row in spot.pictureRows { #expect(narrow.lines[row].displayWidth == 8) }
    }

    @Test func aTallPictureStopsAtMaxRows() throws {
        let document = Self.layout(width: 100, state: .shown(Self.file(width: 640, height: 4800)), maxRows: 5)
        let spot = try #require(document.pictures.first)
        #expect(spot.pictureRows.count == 5)
        // 5 rows of 16 px is 80 px high: 640×4800 scaled to 11×80 px, 2 columns.
        #expect(document.lines[spot.pictureRows.lowerBound].displayWidth == 2)
        let rule = ImageFit.fitting(width: 640, height: 4800, columns: 100, maxRows: 5)
        #expect(rule == ImageFit(columns: 2, rows: 5, pixelWidth: 11, pixelHeight: 80))
        #expect(ImageFit.fitting(width: 640, height: 480, columns: 100, maxRows: 20)
            == ImageFit(columns: 54, rows: 20, pixelWidth: 427, pixelHeight: 320))
        #expect(ImageFit.fitting(width: 4, height: 4, columns: 100, maxRows: 20)
            == ImageFit(columns: 1, rows: 1, pixelWidth: 4, pixelHeight: 4))
    }

    @Test func blocksAreColouredCellsAndShadesArePlain() throws {
        let blocks = Self.layout(width: 60, state: .shown(Self.file(width: 96, height: 48)))
        let row = blocks.lines[try #require(blocks.pictures.first).pictureRows.lowerBound]
        let colours = Set(row.spans.compactMap(\.style.picture))
        #expect(colours.count == 2, "red cells and blue cells: \(colours)")
        #expect(row.spans.allSatisfy { $0.style.picture != nil })
        let shades = Self.layout(width: 60, state: .shown(Self.file(width: 96, height: 48)), form: .shades)
        let shaded = shades.lines[try #require(shades.pictures.first).pictureRows.lowerBound]
        #expect(shaded.spans.allSatisfy { $0.style.picture == nil })
        #expect(!shaded.text.trimmingCharacters(in: .whitespaces).isEmpty)
        // Off (`I`, or mode none): the box alone.
        var off = PictureShelf(look: PictureLook(form: .blocks(.half, .palette256), isShown: false))
        off[Self.url] = .shown(Self.file(width: 96, height: 48))
        let hidden = DetailLayout.layout(
            QuestionDetail(question: S.question(body: Self.body), answers: []), width: 60, now: S.now, pictures: off)
        #expect(try #require(hidden.pictures.first).lines.count == 1)
    }

    @Test func aPictureInAQuoteKeepsTheBarOnItsRows() throws {
        let html = #"<blockquote><p><img src="\#(Self.url)" alt="q"></p></blockquote>"#
        let document = Self.layout(html, width: 60, state: .shown(Self.file(width: 96, height: 48)))
        let spot = try #require(document.pictures.first)
        for row in spot.lines { #expect(document.lines[row].text.hasPrefix("│ "), "\(document.lines[row].text)") }
        #expect(spot.column == 2)
    }

    @Test func aFailedPictureSaysWhyInItsBox() {
        let document = Self.layout(width: 80, state: .failed("PNG declares 100000×100000 pixels (at most 40 megapixels)"))
        #expect(Self.bodyText(document)[2] == "[image: a plot · PNG declares 100000×100000 pixels (at most 40 megapixels)][1]")
        #expect(document.pictures.first?.lines.count == 1)
    }

    @Test func onlyTheSitesImageHostsOverHTTPSAndLoopbackAreFetched() {
        let hosts = PictureHosts()
        #expect(hosts.refusal("https://i.sstatic.net/abc.png") == nil)
        #expect(hosts.refusal("https://i.stack.imgur.com/abc.png") == nil)
        #expect(hosts.refusal("http://127.0.0.1:8080/img/plot.png") == nil)
        #expect(hosts.refusal("http://localhost:1/img/plot.png") == nil)
        #expect(hosts.refusal("http://i.sstatic.net/abc.png") == "plain http")
        #expect(hosts.refusal("https://example.com/x.png") == "example.com is not an image host ([images] hosts)")
        #expect(hosts.refusal("javascript:alert(1)") == "not a web address")
        #expect(PictureHosts(extra: ["I.Imgur.com"]).refusal("https://i.imgur.com/x.png") == nil)
    }

    @Test func findLooksInTheBoxButNotInThePicturesCells() throws {
        // A bright picture in shades is all `@`: find must not see it.
        let white = PictureFile(
            format: .png, width: 32, height: 32, pixels: RGBAImage(width: 32, height: 32) { _, _ in RGBA(red: 255, green: 255, blue: 255) })
        let document = Self.layout(width: 60, state: .shown(white), form: .shades)
        let spot = try #require(document.pictures.first)
        #expect(document.lines[spot.pictureRows.lowerBound].text.contains("@"))
        #expect(FindState.matches(of: "@", in: document.findableLines).isEmpty)
        #expect(FindState.matches(of: "a plot", in: document.findableLines).map(\.line) == [spot.lines.lowerBound])
    }
}
