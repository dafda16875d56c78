/// Numbers the link URLs of one document in order of first use; a URL seen again keeps its number.
struct LinkTable {
    /// The URLs in number order: number `n` is `urls[n - 1]`.
    private(set) var urls: [String] = []
    private var numbers: [String: Int] = [:]

    /// The number of `url`, giving it the next one the first time it is seen.
    mutating func number(for url: String) -> Int {
        if let known = numbers[url] { return known }
        urls.append(url)
        numbers[url] = urls.count
        return urls.count
    }
}
