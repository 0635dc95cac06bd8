public import Foundation

/// Why a batch was refused. Every case names the edit (its kind and its
/// position among the batch's edits of that kind) and the sections, items and
/// counts involved. A refused batch changes nothing: the map stays as it was
/// and keeps no reference to the batch's elements.
public enum ElementMapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `section` is not a section at the step that reads it; `sectionCount`
    /// sections exist then (old index space for removals, new for insertions).
    case sectionOutOfRange(edit: Edit, position: Int, section: Int, sectionCount: Int)
    /// The item of `indexPath` is out of range at the step that reads it;
    /// `itemCount` is the number of items its section holds then, or `nil` when
    /// the index can never be valid (it is negative or too large).
    case itemOutOfRange(edit: Edit, position: Int, indexPath: IndexPath, itemCount: Int?)
    /// Item deletes must be strictly descending and item inserts strictly
    /// ascending; `indexPath` follows `previous`.
    case itemsNotSorted(edit: Edit, position: Int, indexPath: IndexPath, previous: IndexPath)
    /// Section deletes must be strictly descending and section inserts strictly
    /// ascending; `section` follows `previous`.
    case sectionsNotSorted(edit: Edit, position: Int, section: Int, previous: Int)
    /// Two edits of one step name the same item path.
    case duplicateIndexPath(edit: Edit, position: Int, indexPath: IndexPath, conflictingEdit: Edit, conflictingPosition: Int)
    /// Two edits of one step name the same section.
    case duplicateSection(edit: Edit, position: Int, section: Int, conflictingEdit: Edit, conflictingPosition: Int)
    /// Two supplementary edits name the same kind and path.
    case duplicateSupplementary(kind: String, indexPath: IndexPath, position: Int, conflictingPosition: Int)
    /// The element to put at `indexPath` is already in the map, at
    /// `existingIndexPath` when that is known (an element may appear once per version).
    case elementAlreadyPresent(edit: Edit, position: Int, indexPath: IndexPath, existingIndexPath: IndexPath?)
    /// A removal names a supplementary element that is not there.
    case missingSupplementaryElement(kind: String, indexPath: IndexPath, position: Int)
    /// An index path that is not a (section, item) pair.
    case malformedIndexPath(edit: Edit, position: Int, indexPath: IndexPath)
    /// The map cannot hold what the edit asks for; `detail` says which limit.
    case capacityExceeded(edit: Edit, position: Int, detail: String)
    /// The element-map arena could not supply memory.
    case outOfMemory

    public var description: String {
        switch self {
        case .sectionOutOfRange(let edit, let position, let section, let count):
            return "\(edit) #\(position): section \(section) is out of range; there are \(count) sections at that step"
        case .itemOutOfRange(let edit, let position, let path, let count?):
            return "\(edit) #\(position): item \(path.item) of section \(path.section) is out of range; the section has \(count) items at that step"
        case .itemOutOfRange(let edit, let position, let path, nil):
            return "\(edit) #\(position): item \(path.item) of section \(path.section) is not a valid index"
        case .itemsNotSorted(let edit, let position, let path, let previous):
            let order = edit == .deleteItem ? "strictly descending" : "strictly ascending"
            return "\(edit) #\(position): \(Self.text(path)) follows \(Self.text(previous)); these edits must be \(order)"
        case .sectionsNotSorted(let edit, let position, let section, let previous):
            let order = edit == .deleteSection ? "strictly descending" : "strictly ascending"
            return "\(edit) #\(position): section \(section) follows section \(previous); these edits must be \(order)"
        case .duplicateIndexPath(let edit, let position, let path, let other, let otherPosition):
            return "\(edit) #\(position) and \(other) #\(otherPosition) both name \(Self.text(path))"
        case .duplicateSection(let edit, let position, let section, let other, let otherPosition):
            return "\(edit) #\(position) and \(other) #\(otherPosition) both name section \(section)"
        case .duplicateSupplementary(let kind, let path, let position, let otherPosition):
            return "setSupplementary #\(position) and #\(otherPosition) both name the \(kind) at \(Self.text(path))"
        case .elementAlreadyPresent(let edit, let position, let path, let existing?):
            return "\(edit) #\(position): the element for \(Self.text(path)) is already in the map at \(Self.text(existing))"
        case .elementAlreadyPresent(let edit, let position, let path, nil):
            return "\(edit) #\(position): the element for \(Self.text(path)) is already in the map"
        case .missingSupplementaryElement(let kind, let path, let position):
            return "setSupplementary #\(position): there is no \(kind) at \(Self.text(path)) to remove"
        case .malformedIndexPath(let edit, let position, let path):
            return "\(edit) #\(position): \(path) is not a (section, item) index path"
        case .capacityExceeded(let edit, let position, let detail):
            return "\(edit) #\(position): \(detail)"
        case .outOfMemory:
            return "the element-map arena could not supply memory"
        }
    }

    private static func text(_ path: IndexPath) -> String {
        "item \(path.item) of section \(path.section)"
    }
}
