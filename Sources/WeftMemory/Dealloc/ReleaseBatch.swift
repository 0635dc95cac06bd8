/// An array handed to a dealloc queue as one object: releasing the batch releases
/// the array, and with it every element that nothing else holds.
///
/// Boxing costs one allocation per batch instead of a retain and a release per
/// element on the caller's thread.
final class ReleaseBatch<Element> {
    let elements: [Element]

    init(_ elements: consuming [Element]) {
        self.elements = elements
    }
}
