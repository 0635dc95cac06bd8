/// One frame a ``GTKCollectionView`` painted, and the main thread's work for it.
public struct GTKFrame: Sendable, Equatable {
    /// The frame clock's time for the frame, in microseconds on
    /// `g_get_monotonic_time`'s timescale.
    public var frameTime: Int
    /// The frame clock's phases, from the update phase to the end of painting:
    /// the range update, mounting, layout and the snapshot.
    public var phasesTime: Duration
    /// The main queue's work since the previous frame: commits, display
    /// transactions landing, coalesced range updates.
    public var mainQueueTime: Duration
    /// Weft's own part of ``phasesTime``: the range update and mounting in the
    /// update phase (with synchronous display, the drawing too), the canvas's
    /// allocation and building its snapshot. The rest is GTK's layout, rendering
    /// and presenting.
    public var viewTime: Duration
    /// The items the view showed.
    public var visibleItems: Int
    /// The visible items not fully drawn (`CollectionNode.blankVisibleItems`).
    public var blankVisibleItems: Int
    /// The visible items showing placeholders (`CollectionNode.placeholderVisibleItems`):
    /// not blank, counted apart.
    public var placeholderVisibleItems: Int
    /// Whether a placeholder was fading out over landed contents in the
    /// frame: the view paints the next frame too, with nothing else changed.
    public var isAnimating: Bool

    /// The main thread's work for the frame: its phases and the main queue
    /// since the previous one (input and other GLib sources aside).
    public var mainThreadTime: Duration { phasesTime + mainQueueTime }

    /// Weft's main-thread work for the frame: ``viewTime`` and ``mainQueueTime``.
    public var weftTime: Duration { viewTime + mainQueueTime }
}
