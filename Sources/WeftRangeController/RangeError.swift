import Foundation

/// Input a range controller or a layout refuses; nothing changes when one is thrown.
public enum RangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tuning parameter, spacing, length or screen count is negative, NaN or infinite.
    case invalidParameter(name: String, value: Double)
    /// A grid needs at least one column.
    case invalidColumnCount(Int)
    /// Memory warnings may only switch to ``RangeMode/visibleOnly`` or ``RangeMode/lowMemory``.
    case invalidRangeModeForMemoryWarnings(RangeMode)
    /// An update does not start from the map the range controller holds: the
    /// section count differs.
    case sectionCountMismatch(updateExpects: Int, visibleMapHas: Int)
    /// An update does not start from the map the range controller holds: the
    /// item count of a section differs.
    case itemCountMismatch(section: Int, updateExpects: Int, visibleMapHas: Int)
    /// An update's new map does not have the item counts its change set promises.
    case newMapMismatch(section: Int?, changeSetCount: Int, mapCount: Int)

    public var description: String {
        switch self {
        case .invalidParameter(let name, let value):
            "\(name) must be finite and not negative, got \(value)"
        case .invalidColumnCount(let columns):
            "a grid needs at least 1 column, got \(columns)"
        case .invalidRangeModeForMemoryWarnings(let mode):
            "memory warnings can switch to visibleOnly or lowMemory only, got \(mode)"
        case .sectionCountMismatch(let expects, let has):
            "the update starts from \(expects) sections but the range controller's visible map has \(has)"
        case .itemCountMismatch(let section, let expects, let has):
            "the update starts from \(expects) items in section \(section) but the range controller's visible map has \(has)"
        case .newMapMismatch(let section?, let changeSetCount, let mapCount):
            "the change set leaves \(changeSetCount) items in section \(section) but the update's map has \(mapCount)"
        case .newMapMismatch(nil, let changeSetCount, let mapCount):
            "the change set leaves \(changeSetCount) sections but the update's map has \(mapCount)"
        }
    }

    static func checkNonNegativeFinite(_ value: CGFloat, name: String) throws(RangeError) {
        guard value.isFinite, value >= 0 else { throw .invalidParameter(name: name, value: Double(value)) }
    }
}
