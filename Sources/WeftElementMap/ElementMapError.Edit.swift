extension ElementMapError {
    /// The kind of edit an error points at; each matches one ``ElementMap/Batch`` method.
    public enum Edit: Hashable, Sendable, CustomStringConvertible {
        /// ``ElementMap/Batch/replaceItem(at:with:)``
        case replaceItem
        /// ``ElementMap/Batch/deleteItem(at:)``
        case deleteItem
        /// ``ElementMap/Batch/deleteSection(_:)``
        case deleteSection
        /// ``ElementMap/Batch/moveSection(_:toSection:)``
        case moveSection
        /// ``ElementMap/Batch/moveItem(at:to:)``
        case moveItem
        /// ``ElementMap/Batch/insertSection(_:elements:)``
        case insertSection
        /// ``ElementMap/Batch/insertItem(_:at:)``
        case insertItem
        /// ``ElementMap/Batch/setSupplementaryElement(_:ofKind:at:)``
        case setSupplementary

        public var description: String {
            switch self {
            case .replaceItem: "replaceItem"
            case .deleteItem: "deleteItem"
            case .deleteSection: "deleteSection"
            case .moveSection: "moveSection"
            case .moveItem: "moveItem"
            case .insertSection: "insertSection"
            case .insertItem: "insertItem"
            case .setSupplementary: "setSupplementary"
            }
        }

        /// Whether the edit names sections rather than index paths.
        var isSectionLevel: Bool {
            self == .deleteSection || self == .moveSection || self == .insertSection
        }
    }
}
