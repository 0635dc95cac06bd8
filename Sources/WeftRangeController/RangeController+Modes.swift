public import Foundation

extension RangeController {
    /// Tells the controller the user started dragging: the content has now been
    /// scrolled, so the mode becomes ``RangeMode/full`` and is managed
    /// automatically from then on. Schedules an update.
    ///
    /// This is the only input that counts as the first scroll, as in Texture:
    /// programmatic content-offset changes do not leave ``RangeMode/minimum``.
    public func scrollViewWillBeginDragging() {
        contentHasBeenScrolled = true
        draggingEnd = nil
        updateCurrentRange(with: .full)
    }

    /// The user ended a drag: the content moves at `velocity` and will come to
    /// rest at `targetContentOffset`, UIKit's
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`. The
    /// batch-fetch check then looks at the target instead of the viewport, so a
    /// fling toward the end starts fetching before it lands, as in Texture, and
    /// the fetch's ``BatchContext`` records both. The target holds while the
    /// viewport heads for it: until it gets there, moves any other way or the
    /// next drag begins. A target that is not finite, or where the viewport
    /// already is, is not recorded.
    ///
    /// - Complexity: O(1); the check runs with the next update.
    public func scrollViewWillEndDragging(withVelocity velocity: CGPoint, targetContentOffset: CGPoint) {
        guard targetContentOffset.x.isFinite, targetContentOffset.y.isFinite,
              targetContentOffset != viewport.origin else { return }
        let velocity = velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
        draggingEnd = (velocity, targetContentOffset)
        checkForBatchFetching()
    }

    /// Switches to `mode` for at least the next update, then lets the controller
    /// manage the mode again; schedules an update if the mode changes.
    ///
    /// - Parameter mode: The mode to use.
    public func updateCurrentRange(with mode: RangeMode) {
        preservesCurrentRangeMode = true
        guard currentRangeMode != mode else { return }
        currentRangeMode = mode
        setNeedsUpdate()
    }

    /// Narrows the ranges after a memory warning and updates at once:
    /// ``RangeMode/visibleOnly`` if the container is visible, else
    /// ``rangeModeForMemoryWarnings`` (``RangeMode/lowMemory`` by default), as
    /// in Texture.
    public func handleMemoryWarning() {
        updateCurrentRange(with: isEffectivelyVisible ? .visibleOnly : rangeModeForMemoryWarnings)
        forceUpdate()
    }

    /// Narrows the ranges when the application enters the background and
    /// updates at once: ``RangeMode/visibleOnly`` if the container was visible,
    /// else ``RangeMode/lowMemory``. While in the background the container counts
    /// as not visible, so no node is visible.
    public func applicationDidEnterBackground() {
        updateCurrentRange(with: isEffectivelyVisible ? .visibleOnly : .lowMemory)
        isApplicationBackgrounded = true
        forceUpdate()
    }

    /// Restores the ranges when the application returns to the foreground and
    /// updates at once: ``RangeMode/minimum`` if the container is visible, else
    /// ``RangeMode/visibleOnly``.
    public func applicationWillEnterForeground() {
        isApplicationBackgrounded = false
        updateCurrentRange(with: isContainerVisible ? .minimum : .visibleOnly)
        forceUpdate()
    }

    private var isEffectivelyVisible: Bool { isContainerVisible && !isApplicationBackgrounded }

    private func forceUpdate() {
        needsUpdate = true
        updateIfNeeded()
    }
}
