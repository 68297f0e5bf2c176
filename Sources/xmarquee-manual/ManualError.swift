/// Why a page cannot be made: a template or declaration that does not fit the command line.
struct ManualError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
