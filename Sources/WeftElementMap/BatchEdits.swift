import Foundation

/// What a ``ElementMap/Batch`` records, without its element type: elements are
/// kept as `AnyObject`, so converting a batch for the C core runs no generic
/// code and asks the runtime for no generic metadata.
struct BatchEdits {
    var replacements: [(indexPath: IndexPath, element: AnyObject?)] = []
    var itemDeletes: [IndexPath] = []
    var sectionDeletes: [Int] = []
    var sectionMoves: [(from: Int, to: Int)] = []
    var itemMoves: [(from: IndexPath, to: IndexPath)] = []
    /// `absentItems` is the count of a section inserted with no elements yet.
    var sectionInserts: [(section: Int, elements: [AnyObject?], absentItems: Int)] = []
    var itemInserts: [(indexPath: IndexPath, element: AnyObject?)] = []
    var supplementaryChanges: [(kind: String, indexPath: IndexPath, element: AnyObject?)] = []

    /// The same reference, typed `AnyObject`. Going through `Unmanaged` keeps
    /// unspecialized generic callers off the runtime's dynamic-cast path.
    static func erase<Element: AnyObject>(_ element: Element) -> AnyObject {
        Unmanaged<AnyObject>.fromOpaque(Unmanaged.passUnretained(element).toOpaque()).takeUnretainedValue()
    }

    /// The same reference, typed `AnyObject`, or `nil`; not `Optional.map`,
    /// which looks up generic metadata when unspecialized.
    static func erase<Element: AnyObject>(optional element: Element?) -> AnyObject? {
        guard let element else { return nil }
        return erase(element)
    }

    /// The same references, typed `AnyObject`, for a section of present items.
    static func erase<Element: AnyObject>(present elements: [Element]) -> [AnyObject?] {
        var erased: [AnyObject?] = []
        erased.reserveCapacity(elements.count)
        elements.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { erased.append(erase(buffer[index])) }
        }
        return erased
    }

    /// The same references, typed `AnyObject`. Walks an unsafe buffer: this
    /// code runs unspecialized, and a generic `map` would read each element
    /// through a protocol coroutine whose frame costs one allocation; so would
    /// `Optional.map`, which also looked up generic metadata per element (a
    /// tenth of main's time in an eager load of a million items).
    static func erase<Element: AnyObject>(_ elements: [Element?]) -> [AnyObject?] {
        var erased: [AnyObject?] = []
        erased.reserveCapacity(elements.count)
        elements.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                erased.append(erase(optional: buffer[index]))
            }
        }
        return erased
    }

    var isEmpty: Bool {
        replacements.isEmpty && itemDeletes.isEmpty && sectionDeletes.isEmpty && sectionMoves.isEmpty
            && itemMoves.isEmpty && sectionInserts.isEmpty && itemInserts.isEmpty && supplementaryChanges.isEmpty
    }

    var count: Int {
        replacements.count + itemDeletes.count + sectionDeletes.count + sectionMoves.count + itemMoves.count
            + sectionInserts.count + itemInserts.count + supplementaryChanges.count
    }

    /// Refuses index paths that are not (section, item) pairs before anything
    /// reaches the C core.
    func validateShape() throws(ElementMapError) {
        func check(_ path: IndexPath, _ edit: ElementMapError.Edit, _ position: Int) throws(ElementMapError) {
            guard path.count == 2 else {
                throw .malformedIndexPath(edit: edit, position: position, indexPath: path)
            }
        }
        for (i, r) in replacements.enumerated() { try check(r.indexPath, .replaceItem, i) }
        for (i, p) in itemDeletes.enumerated() { try check(p, .deleteItem, i) }
        for (i, m) in itemMoves.enumerated() {
            try check(m.from, .moveItem, i)
            try check(m.to, .moveItem, i)
        }
        for (i, n) in itemInserts.enumerated() { try check(n.indexPath, .insertItem, i) }
        for (i, c) in supplementaryChanges.enumerated() { try check(c.indexPath, .setSupplementary, i) }
    }
}
