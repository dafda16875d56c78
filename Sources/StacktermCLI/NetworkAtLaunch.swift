/// Whether a launch needs the network before anything else, decided from its arguments' names alone, before they are
/// read: then libcurl is loaded on another thread from Swift's `main` on (`stackterm` starts it), beside the parse, the
/// config and the store, instead of after them.
///
/// A query or a link (`stackterm how do I…`, `stackterm URL`) and `--print`/`--json` need it at once: their first
/// useful output is an answer from the API. A launch that only browses does not: its first frame comes from the store,
/// and loading libcurl beside it was measured to slow that frame, so it loads after it (`App.startNetwork`).
/// Neither does `--offline`, nor any other command (`--help`, `login`…). A wrong guess costs no correctness: libcurl is
/// loaded when first needed either way, and a launch that did not need it has loaded it on a thread of its own.
public enum NetworkAtLaunch {
    /// True when `arguments` (without the program's name) ask for an answer from the network first.
    public static func isNeeded(_ arguments: [String]) -> Bool {
        var needed = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return needed || index < arguments.endIndex }
            if argument == "--offline" { return false }
            if argument == "--print" || argument == "--json" {
                needed = true
                continue
            }
            if !argument.hasPrefix("-") {
                // A word of a query or a link, unless it names another command (`login`, `watch`, `import`, `help`).
                if StacktermOptions.otherCommands.contains(argument) { return false }
                needed = true
                continue
            }
            if StacktermOptions.otherCommands.contains(argument) { return false }
            if StacktermOptions.valueOptions.contains(argument) { index += 1 }
        }
        return needed
    }
}
