public import WeftDataController

/// A delegate with no view work, so that only the pipeline is measured; both
/// sides of the comparison would pay the same for a view.
@MainActor
public final class SwapOnlyDelegate: DataControllerDelegate {
    public init() {}

    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        updates()
    }
}
