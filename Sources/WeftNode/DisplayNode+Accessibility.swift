import Foundation

extension DisplayNode {
    /// The node's current value, read after its label (a slider's position, a
    /// count): UIKit's `accessibilityValue`. Any thread.
    public var accessibilityValue: String? {
        get { state.withLock { $0.accessibility.value } }
        set { state.withLock { $0.accessibility.value = newValue } }
    }

    /// What kind of element the node is, and its state: UIKit's
    /// `accessibilityTraits`. Empty by default; a selected cell's include
    /// ``AccessibilityTraits/selected`` (see ``CellNode/isSelected``). Any thread.
    public var accessibilityTraits: AccessibilityTraits {
        get { state.withLock { $0.accessibility.traits } }
        set { state.withLock { $0.accessibility.traits = newValue } }
    }

    /// Whether the node and its subtree are hidden from screen readers:
    /// UIKit's `accessibilityElementsHidden`. Any thread.
    public var accessibilityElementsHidden: Bool {
        get { state.withLock { $0.accessibility.elementsHidden } }
        set { state.withLock { $0.accessibility.elementsHidden = newValue } }
    }

    /// The label a screen reader reads for the node as one element: its own
    /// ``accessibilityLabel`` when it has one; otherwise, for an
    /// ``isAccessibilityContainer``, its descendants' labels in reading order
    /// joined with ", ", as Texture aggregates a container's elements; `nil`
    /// when nothing in it is labelled.
    ///
    /// Reading order is Texture's: a breadth-first walk of the calculated
    /// layout, the elements sorted by their frames' origins, top to bottom, then
    /// left to right (right to left when `isRightToLeft`), then
    /// the smaller first. A descendant that is an element is read whole and not
    /// entered; nodes under ``accessibilityElementsHidden`` are skipped.
    ///
    /// - Parameter isRightToLeft: Whether the host's text runs right to left,
    ///   which orders the elements of one line.
    /// - Complexity: O(*s* log *s*) for *s* nodes in the subtree.
    public func aggregatedAccessibilityLabel(isRightToLeft: Bool = false) -> String? {
        guard !accessibilityElementsHidden else { return nil }
        if let own = accessibilityLabel, !own.isEmpty { return own }
        guard isAccessibilityContainer else { return nil }
        var elements: [(frame: CGRect, label: String)] = []
        // Breadth-first over the laid-out descendants, each with its frame in this node.
        var queue: [(node: DisplayNode, origin: CGPoint)] = [(self, .zero)]
        var next = 0
        while next < queue.count {
            let (node, origin) = queue[next]
            next += 1
            for child in node.calculatedLayout?.children ?? [] {
                let descendant = child.node
                guard !descendant.accessibilityElementsHidden else { continue }
                let frame = child.frame.offsetBy(dx: origin.x, dy: origin.y)
                if descendant.isAccessibilityElement, let label = descendant.aggregatedAccessibilityLabel(isRightToLeft: isRightToLeft) {
                    elements.append((frame, label))
                } else {
                    queue.append((descendant, frame.origin))
                }
            }
        }
        guard !elements.isEmpty else { return nil }
        elements.sort { a, b in
            if a.frame.minY != b.frame.minY { return a.frame.minY < b.frame.minY }
            if a.frame.minX != b.frame.minX { return isRightToLeft ? a.frame.maxX > b.frame.maxX : a.frame.minX < b.frame.minX }
            if a.frame.height != b.frame.height { return a.frame.height < b.frame.height }
            return a.frame.width < b.frame.width
        }
        return elements.map(\.label).joined(separator: ", ")
    }
}
