import WeftNode

/// What one update decided: the ranges as ordinal runs of the map it ran on,
/// and the two facts the state table reads besides them.
///
/// The node of the item with ordinal *i* is in `state(at: i)` after that update:
/// the range controller's whole memory is this value, not a state per node.
struct _RangeSnapshot: Equatable {
    var visible: Range<Int> = 0 ..< 0
    var display: Range<Int> = 0 ..< 0
    var preload: Range<Int> = 0 ..< 0
    var isContainerVisible = false
    var isLowMemory = false

    /// Texture's state table (`ASRangeController`'s update pass), without
    /// MeasureLayout, which Weft does not track.
    ///
    /// - Container visible: a visible item is visible, displayed and preloaded;
    ///   any other item is preloaded if in the preload range and displayed if in
    ///   the display range.
    /// - Container not visible: nothing is visible; a visible item is preloaded
    ///   (and displayed, except in low memory), an item in the display range is
    ///   preloaded, and nothing else holds a state.
    func state(at ordinal: Int) -> InterfaceState {
        if isContainerVisible {
            if visible.contains(ordinal) { return .all }
            var state: InterfaceState = []
            if preload.contains(ordinal) { state.insert(.preload) }
            if display.contains(ordinal) { state.insert(.display) }
            return state
        }
        if visible.contains(ordinal) { return isLowMemory ? .preload : [.preload, .display] }
        return display.contains(ordinal) ? .preload : []
    }

    /// Whether no item holds a state.
    var isEmpty: Bool { visible.isEmpty && display.isEmpty && preload.isEmpty }

    /// The smallest run of ordinals outside of which every state is empty.
    var hull: Range<Int> {
        let runs = [visible, display, preload].filter { !$0.isEmpty }
        guard let lower = runs.map(\.lowerBound).min(), let upper = runs.map(\.upperBound).max() else { return 0 ..< 0 }
        return lower ..< upper
    }

    /// Writes the six ends of the ranges into `buffer` (six slots from `start`).
    func writeBoundaries(into buffer: UnsafeMutableBufferPointer<Int>, at start: Int) {
        buffer[start] = visible.lowerBound
        buffer[start + 1] = visible.upperBound
        buffer[start + 2] = display.lowerBound
        buffer[start + 3] = display.upperBound
        buffer[start + 4] = preload.lowerBound
        buffer[start + 5] = preload.upperBound
    }
}
