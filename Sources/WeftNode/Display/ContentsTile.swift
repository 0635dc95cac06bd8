public import Foundation
public import WeftCore

/// One tile of a node that draws in tiles (``DisplayNode/drawsInTiles``): a
/// bitmap of part of the node's bounds, and where its top-left corner lies in
/// the node, in points. Core Animation's `CATiledLayer` draws the same way.
public struct ContentsTile: Sendable {
    /// The pixels of the tile, at the node's ``DisplayNode/contentsScale``.
    public let bitmap: Bitmap
    /// The tile's top-left corner in the node's bounds, in points: on a whole
    /// pixel, so that tiles meet without a seam.
    public let origin: CGPoint

    /// The part of the node's bounds the tile covers, in points.
    public var frame: CGRect { CGRect(origin: origin, size: bitmap.size) }
}
