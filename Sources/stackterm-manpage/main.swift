import Foundation
import StacktermCLI

// Amends the manual page generate-manual wrote (scripts/man): `stackterm-manpage FILE` rewrites FILE in place with
// the sections only stackterm's own definitions know (`ManualPage.amend`).
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: stackterm-manpage FILE\n".utf8))
    exit(64)
}
do {
    let page = try String(contentsOfFile: path, encoding: .utf8)
    try ManualPage.amend(page).write(toFile: path, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("stackterm-manpage: \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
