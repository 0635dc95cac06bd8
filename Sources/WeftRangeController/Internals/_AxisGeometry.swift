import Foundation
import WeftDataController

/// Reads and builds geometry along a scroll axis, so that each layout states its
/// positions once, in (along, across) terms.
extension ScrollAxis {
    /// The extent of `size` along the axis.
    func length(of size: CGSize) -> CGFloat { self == .vertical ? size.height : size.width }

    /// The extent of `size` across the axis.
    func breadth(of size: CGSize) -> CGFloat { self == .vertical ? size.width : size.height }

    /// The stretch of `rect` along the axis.
    /// `point` moved by `distance` along the axis.
    func offset(_ point: CGPoint, by distance: CGFloat) -> CGPoint {
        self == .vertical ? CGPoint(x: point.x, y: point.y + distance) : CGPoint(x: point.x + distance, y: point.y)
    }

    func span(of rect: CGRect) -> (min: CGFloat, max: CGFloat) {
        self == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// The stretch of `rect` across the axis.
    func crossSpan(of rect: CGRect) -> (min: CGFloat, max: CGFloat) {
        self == .vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
    }

    /// A size of `length` along the axis and `breadth` across it.
    func size(length: CGFloat, breadth: CGFloat) -> CGSize {
        self == .vertical ? CGSize(width: breadth, height: length) : CGSize(width: length, height: breadth)
    }

    /// A rectangle starting at `start` along the axis and `crossStart` across it.
    func rect(start: CGFloat, length: CGFloat, crossStart: CGFloat, breadth: CGFloat) -> CGRect {
        self == .vertical
            ? CGRect(x: crossStart, y: start, width: breadth, height: length)
            : CGRect(x: start, y: crossStart, width: length, height: breadth)
    }
}

/// Whether `start ..< end` and `lower ..< upper` overlap in the sense of
/// ``CollectionLayout``: `end` past `lower` and `start` before `upper`.
func _overlaps(_ start: CGFloat, _ end: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> Bool {
    end > lower && start < upper
}

extension CollectionElement {
    /// The size a layout gives the element's item: its node's measured size, or,
    /// when the node is not allocated or not measured, the smallest size it may
    /// take (`constrainedSize.min`). Never allocates the node.
    var _layoutSize: CGSize {
        allocatedNodeCalculatedSize ?? constrainedSize.min
    }
}

extension Unmanaged where Instance == CollectionElement {
    /// The element's ``CollectionElement/_layoutSize``, read without a retain:
    /// an element's node references it weakly, so its retains take the runtime's
    /// slow path, and a layout reads a million at a first load. The caller
    /// keeps the element alive (a map that holds it).
    var _layoutSize: CGSize {
        _withUnsafeGuaranteedRef { $0._layoutSize }
    }
}
