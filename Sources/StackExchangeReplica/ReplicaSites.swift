/// The sites `/sites` lists: real sites of the network with their real API names, more than one page at
/// `pagesize=20` (names HTML-escaped as the API sends them).
enum ReplicaSites {
    static let all: [WireSite] = [
        site("stackoverflow", "Stack Overflow", "https://stackoverflow.com", "professional and enthusiast programmers"),
        site("serverfault", "Server Fault", "https://serverfault.com", "system and network administrators"),
        site("superuser", "Super User", "https://superuser.com", "computer enthusiasts and power users"),
        site("meta", "Meta Stack Exchange", "https://meta.stackexchange.com", "meta-discussion of the Stack Exchange family of Q&amp;A websites"),
        site("webapps", "Web Applications", "https://webapps.stackexchange.com", "power users of web applications"),
        site("gaming", "Arqade", "https://gaming.stackexchange.com", "passionate videogamers on all platforms"),
        site("webmasters", "Webmasters", "https://webmasters.stackexchange.com", "pro webmasters"),
        site("cooking", "Seasoned Advice", "https://cooking.stackexchange.com", "professional and amateur chefs"),
        site("gamedev", "Game Development", "https://gamedev.stackexchange.com", "professional and independent game developers"),
        site("photo", "Photography", "https://photo.stackexchange.com", "professional, enthusiast and amateur photographers"),
        site("stats", "Cross Validated", "https://stats.stackexchange.com", "people interested in statistics, machine learning, data analysis"),
        site("math", "Mathematics", "https://math.stackexchange.com", "people studying math at any level and professionals in related fields"),
        site("diy", "Home Improvement", "https://diy.stackexchange.com", "contractors and serious DIYers"),
        site("gis", "Geographic Information Systems", "https://gis.stackexchange.com", "cartographers, geographers and GIS professionals"),
        site("tex", "TeX - LaTeX", "https://tex.stackexchange.com", "users of TeX, LaTeX, ConTeXt, and related typesetting systems"),
        site("askubuntu", "Ask Ubuntu", "https://askubuntu.com", "Ubuntu users and developers"),
        site("money", "Personal Finance &amp; Money", "https://money.stackexchange.com", "people who want to be financially literate"),
        site("english", "English Language &amp; Usage", "https://english.stackexchange.com", "linguists, etymologists, and serious English language enthusiasts"),
        site("ux", "User Experience", "https://ux.stackexchange.com", "user experience researchers and experts"),
        site("unix", "Unix &amp; Linux", "https://unix.stackexchange.com", "users of Linux, FreeBSD and other Un*x-like operating systems"),
        site("wordpress", "WordPress Development", "https://wordpress.stackexchange.com", "WordPress developers and administrators"),
        site("cstheory", "Theoretical Computer Science", "https://cstheory.stackexchange.com", "theoretical computer scientists and researchers in related fields"),
        site("apple", "Ask Different", "https://apple.stackexchange.com", "power users of Apple hardware and software"),
        site("electronics", "Electrical Engineering", "https://electronics.stackexchange.com", "electronics and electrical engineering professionals, students, and enthusiasts"),
        site("softwareengineering", "Software Engineering", "https://softwareengineering.stackexchange.com", "professionals, academics, and students working within the systems development life cycle"),
        site("security", "Information Security", "https://security.stackexchange.com", "information security professionals"),
        site("codereview", "Code Review", "https://codereview.stackexchange.com", "peer programmer code reviews"),
        site("dba", "Database Administrators", "https://dba.stackexchange.com", "database professionals who wish to improve their database skills"),
        site("vi", "Vi and Vim", "https://vi.stackexchange.com", "people using the vi and Vim families of text editors"),
        site("emacs", "Emacs", "https://emacs.stackexchange.com", "those using, extending or developing Emacs"),
        // A site whose API name is its domain, not its host's first word: `site=mathoverflow` finds no site.
        site("mathoverflow.net", "MathOverflow", "https://mathoverflow.net", "professional mathematicians"),
    ]

    private static func site(_ parameter: String, _ name: String, _ url: String, _ audience: String) -> WireSite {
        WireSite(apiSiteParameter: parameter, name: name, siteUrl: url, siteType: "main_site", audience: audience)
    }
}
