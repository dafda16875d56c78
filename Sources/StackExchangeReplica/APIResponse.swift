import Foundation

/// A status and a JSON body, ready to be written to the wire.
struct APIResponse: Sendable, Hashable {
    var status: Int
    var body: Data
    var contentType = "application/json; charset=utf-8"
}
