/// A job that did not do what it measures, so its figures would mean nothing.
struct JobFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
