import StacktermCLI
import Testing

/// Which launches load libcurl from Swift's `main` on: those whose first output is an answer from the network.
struct NetworkAtLaunchTests {
    @Test(arguments: [
        ["how", "do", "I", "exit", "vim"],
        ["https://stackoverflow.com/questions/79000006"],
        ["--print", "reflog"],
        ["--json", "-n", "5", "--site", "unix", "reflog"],
        ["--site", "unix", "--", "login", "fails"],
        ["--api-base", "http://127.0.0.1:9/2.3", "--print"],
    ])
    func aQueryALinkOrAnAnswerOnStdoutNeedsTheNetworkAtOnce(_ arguments: [String]) {
        #expect(NetworkAtLaunch.isNeeded(arguments), "\(arguments)")
    }

    @Test(arguments: [
        [],
        ["--site", "unix"],
        ["--tag", "swift", "--sort", "votes", "--api-base", "http://127.0.0.1:9/2.3", "--trace", "t.jsonl"],
        ["--offline", "reflog"],
        ["--print", "--offline", "reflog"],
        ["--help"],
        ["login"],
        ["--site", "unix", "whoami"],
        ["watch", "--tag", "swift"],
        ["--cache-info"],
        ["-n", "3"],
    ])
    func browsingOfflineAndOtherCommandsDoNot(_ arguments: [String]) {
        #expect(!NetworkAtLaunch.isNeeded(arguments), "\(arguments)")
    }
}
