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

/// A list of `source`'s items in a viewport of `size`, inverted or not,
/// loaded and laid out, its first drawings asked for and not landed yet. The
/// caller keeps `source`: a container holds its data source weakly.
@MainActor
func loadedList(of source: some CollectionNodeDataSource, inverted: Bool, size: CGSize) async throws -> CollectionNode {
    let node = CollectionNode(layout: try ListLayout())
    node.dataSource = source
    node.isInverted = inverted
    node.viewportSize = size
    node.reloadData()
    await node.waitForAllUpdates()
    node.layoutIfNeeded()
    return node
}

/// ``loadedList(of:inverted:size:)``, drawn (``settleDisplays(_:untilDrawn:)``).
@MainActor
func drawnList(of source: some CollectionNodeDataSource, inverted: Bool, size: CGSize) async throws -> CollectionNode {
    let node = try await loadedList(of: source, inverted: inverted, size: size)
    await settleDisplays(node, untilDrawn: true)
    return node
}
