/// A cell node stand-in: the map stores references, never looks inside.
public final class MapNode: Sendable {
    public let id: Int
    public init(_ id: Int) { self.id = id }
}
