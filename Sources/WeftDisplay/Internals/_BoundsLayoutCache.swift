import WeftCore

/// The layout a text node's drawing shaped for its bounds when the kept one
/// (measured for another width) did not fit them: shared by the node and its
/// drawings, so that the tiles of a tall text, the drawings after it and a
/// query on main reuse one shaping instead of each making its own. A text
/// change gives the node a new cache; a drawing of the old text fills the old.
// @unchecked Sendable: the layout is behind `layout`, a PosixMutex, held while
// a drawing shapes, so that two drawings of one node shape once.
final class _BoundsLayoutCache: @unchecked Sendable {
    private let layout = PosixMutex<_TextLayout?>(nil)

    /// The cached layout if `fits` accepts it.
    func cached(_ fits: (_TextLayout) -> Bool) -> _TextLayout? {
        layout.withLock { $0.flatMap { fits($0) ? $0 : nil } }
    }

    /// The cached layout if `fits` accepts it, else the one `make` shapes,
    /// cached; under the lock, so a second caller waits and reuses it.
    ///
    /// - Complexity: O(1), or `make`'s.
    func layout(fitting fits: (_TextLayout) -> Bool, orMake make: () -> _TextLayout) -> _TextLayout {
        layout.withLock { cached in
            if let cached, fits(cached) { return cached }
            let made = make()
            cached = made
            return made
        }
    }
}
