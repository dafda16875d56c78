/// The command line of a launch that browses or asks from the shell, read without ArgumentParser; anything else (an
/// account command, a flag that prints and exits, `--`…) is left to it.
///
/// Why by hand: ArgumentParser's first parse in a process costs a noticeable part of a launch (BENCHMARKS.md).
/// The cost is not waste in ArgumentParser but the Swift runtime's first look-ups of the types its reflection
/// touches (generic metadata from mangled names, and conformance look-ups that each scan all 6,729 conformance
/// records of the static binary). Reading the handful of browse options by hand takes microseconds.
///
/// It accepts only what it can read exactly as ArgumentParser would: `--name value` and `--name=value` for the
/// options below, each at most once (`--site` may repeat), with a value that does not start with `-` (nor is empty
/// after `=`), the flags `--offline`, `--print`, `--json` and `--all-answers`, `-n N`, and the words of a query or a
/// link (none of them another command's name). Anything else (a command, `--help`, another flag, a repeated or unknown option, a value that
/// fails `validate()`) gives nil, and the launch parses with ArgumentParser, which then reports any problem in its
/// own words.
/// `BrowseCommandLineTests` checks every accepted command line against ArgumentParser's reading of it.
public enum BrowseCommandLine {
    /// Sets option `name`, one of the browse options with a value, to `text`; false for another name, or a text that is
    /// no value for it.
    private static func assign(_ name: String, _ text: String, to options: inout StacktermOptions) -> Bool {
        switch name {
        case "--site": options.sites.append(text)
        case "--tag": options.tag = text
        case "--sort": options.sort = text
        case "--page-size":
            guard let size = Int(text) else { return false }
            options.pageSize = size
        case "--api-base": options.apiBase = text
        case "--key": options.key = text
        case "--trace": options.trace = text
        case "--config": options.config = text
        case "--count", "-n":
            guard let count = Int(text) else { return false }
            options.count = count
        default: return false
        }
        return true
    }

    /// Sets flag `name`, one of the flags read here; false for another name.
    private static func setFlag(_ name: String, in options: inout StacktermOptions) -> Bool {
        switch name {
        case "--offline": options.offline = true
        case "--print": options.print = true
        case "--json": options.json = true
        case "--all-answers": options.allAnswers = true
        default: return false
        }
        return true
    }

    /// The options `arguments` (without the program's name) give, validated; nil to leave them to ArgumentParser.
    public static func options(_ arguments: [String]) -> StacktermOptions? {
        var options = StacktermOptions.unparsedDefaults()
        var seen = Set<String>()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            // A word of a query or a link (`stackterm how do I…`, `stackterm URL`), unless it names another command.
            if !argument.hasPrefix("-") {
                guard !StacktermOptions.otherCommands.contains(argument) else { return nil }
                options.words.append(argument)
                continue
            }
            let name: String
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
                // ArgumentParser refuses `--key=` (nothing after the sign), though it takes `--key ""`.
                if value?.isEmpty == true { return nil }
            } else {
                name = argument
            }
            // `--site` may repeat (a query searches every one); no other option may.
            guard seen.insert(name).inserted || name == "--site" else { return nil }
            if value == nil, setFlag(name, in: &options) { continue }
            // A flag given a value (`--print=true`) is ArgumentParser's to refuse.
            if value != nil, setFlag(name, in: &options) { return nil }
            // `-n=3` is no spelling ArgumentParser gives a short option.
            if name == "-n", value != nil { return nil }
            // Another name takes its next argument too, then `assign` refuses it: nil either way.
            if value == nil {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, !value.hasPrefix("-"), assign(name, value, to: &options) else { return nil }
        }
        do { try options.validate() } catch { return nil }
        return options
    }
}

extension StacktermOptions {
    /// Every option at its default, set one by one instead of parsed (reading an option ArgumentParser never set
    /// would stop the program): `BrowseCommandLineTests` checks this against `parse([])` and the property count.
    static func unparsedDefaults() -> StacktermOptions {
        var options = StacktermOptions()
        options.words = []
        options.sites = []
        options.print = false
        options.json = false
        options.count = nil
        options.allAnswers = false
        options.tag = nil
        options.sort = nil
        options.pageSize = nil
        options.apiBase = nil
        options.key = nil
        options.trace = nil
        options.config = nil
        options.printConfig = false
        options.writeDefaultConfig = false
        options.offline = false
        options.cacheInfo = false
        options.clearCache = false
        return options
    }
}
