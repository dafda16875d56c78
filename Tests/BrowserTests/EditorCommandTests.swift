import Browser
import Testing

/// Which editor runs, and its words split as a shell splits them.
struct EditorCommandTests {
    @Test func visualWinsOverEditorAndArgumentsAreSplit() throws {
        let command = try EditorCommand.resolve(environment: ["VISUAL": "code -w", "EDITOR": "nano"]).get()
        #expect(command.arguments == ["code", "-w"])
        #expect(command.source == "VISUAL")
        #expect(command.invocation(path: "/tmp/a b.md") == ["code", "-w", "/tmp/a b.md"])
        let editor = try EditorCommand.resolve(environment: ["VISUAL": "  ", "EDITOR": "emacsclient -t"]).get()
        #expect(editor.arguments == ["emacsclient", "-t"])
    }

    @Test func withNoVariableThePathDecides() throws {
        let found = try EditorCommand.resolve(environment: ["PATH": "/a:/b"], isExecutable: { $0 == "/b/editor" }).get()
        #expect(found.arguments == ["/b/editor"])
        let preferred = try EditorCommand.resolve(environment: ["PATH": "/a:/b"],
                                                  isExecutable: { $0 == "/b/editor" || $0 == "/b/sensible-editor" }).get()
        #expect(preferred.arguments == ["/b/sensible-editor"])
        let none = EditorCommand.resolve(environment: ["PATH": "/a"], isExecutable: { _ in false })
        #expect(throws: EditorCommandProblem.self) { try none.get() }
    }

    @Test func wordsSplitAsAShellSplitsThem() throws {
        #expect(try ShellWords.split(#"vim -c 'set tw=72' "+call cursor(1, 1)""#).get() == ["vim", "-c", "set tw=72", "+call cursor(1, 1)"])
        #expect(try ShellWords.split(#"my\ editor --flag "a \"q\" \n""#).get() == ["my editor", "--flag", #"a "q" \n"#])
        #expect(try ShellWords.split("  a\tb  ").get() == ["a", "b"])
        #expect(try ShellWords.split("''").get() == [""])
        #expect(throws: EditorCommandProblem.self) { try ShellWords.split("vim 'open").get() }
        let bad = EditorCommand.resolve(environment: ["EDITOR": "vim \"x"])
        #expect((try? bad.get()) == nil)
        if case .failure(let problem) = bad { #expect(problem.message.hasPrefix("$EDITOR cannot be read as a command")) }
    }
}
