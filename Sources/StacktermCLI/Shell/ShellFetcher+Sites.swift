import Dispatch
public import StackExchange

extension ShellFetcher {
    /// Every site of the network (`/sites`, every page), as the site picker reads them; waits for the answer.
    public func sites() -> Result<[Site], APIError> {
        let box = SitesAnswer()
        let group = DispatchGroup()
        group.enter()
        let operation = AllPagesRetrievalOperation<Site>(
            client: client, series: [{ page in SitesRequest(page: page) }], methodKeys: ["/sites"], priority: .user,
            name: "shell sites", completionQueue: DispatchQueue(label: "stackterm.shell.sites")
        ) { result in
            box.value = result.map(\.items).mapError { $0 as? APIError ?? .decoding("\($0)") }
            group.leave()
        }
        operation.enqueue()
        group.wait()
        return box.value
    }

    /// The answer, set on the completion queue and read after the group's wait.
    private final class SitesAnswer: @unchecked Sendable {
        // @unchecked Sendable: written once before `group.leave()`, read only after `group.wait()`.
        var value: Result<[Site], APIError> = .failure(.cancelled)
    }
}
