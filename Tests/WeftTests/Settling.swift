import Weft

/// Runs main turns, laying the container out on each (as frames do), until
/// every update has committed and every drawing started has landed; with
/// `untilDrawn`, also until no visible cell is blank. Tests wait here, never sleep.
@MainActor
func settleDisplays(_ node: CollectionNode, untilDrawn: Bool = false) async {
    repeat {
        await node.waitForAllUpdates()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()
        node.layoutIfNeeded()
    } while node.isProcessingUpdates || untilDrawn && !node.blankVisibleItems.isEmpty
}
