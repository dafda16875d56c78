/// One request on its way, as `RequestPerformer` holds it: started once, cancelled at most once.
///
/// A `RequestTransport` makes it (`CurlTask` in the program). It ends by calling its completion once, a cancel included
/// (`URLError(.cancelled)`).
public protocol RequestTask: AnyObject, Sendable {
    func resume()
    func cancel()
}
