import Foundation

/// Where a write's text comes from: the person's editor, a file, or standard input.
enum TextSource: Equatable {
    case editor
    case file(String)
    case standardInput

    init(bodyFile: String?) {
        switch bodyFile {
        case nil: self = .editor
        case "-": self = .standardInput
        case let path?: self = .file(path)
        }
    }

    /// The text of a file or of standard input (nil for the editor), or why it cannot be read.
    func read() -> Result<String?, WriteFailure> {
        switch self {
        case .editor:
            return .success(nil)
        case .standardInput:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else { return .failure(WriteFailure("standard input is not UTF-8 text")) }
            return .success(text)
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(WriteFailure("\(path): cannot be read"))
            }
            guard let text = String(data: data, encoding: .utf8) else { return .failure(WriteFailure("\(path): not UTF-8 text")) }
            return .success(text)
        }
    }
}

/// Why a write stopped, in one line, with the exit status it ends with.
struct WriteFailure: Error, Equatable {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}
