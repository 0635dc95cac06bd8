internal import CWeftElementMap
import Foundation
import WeftCore

/// The only caller of CWeftElementMap. Converts batches to the C layout, maps
/// `weft_rc` and `weft_emap_error` to ``ElementMapError`` in one place, and owns
/// the release callback that gives elements back.
enum _CElementMap {
    // MARK: Versions

    /// A new, empty version in a new family.
    static func makeEmpty() -> OpaquePointer {
        var version: OpaquePointer?
        // Gives each handle the map held back to Swift: one `release` per handle.
        // The C core calls this exactly once per inserted element, outside its locks.
        var callbacks = weft_emap_callbacks(
            context: nil,
            release: { _, handles, count in
                for index in 0 ..< count {
                    Unmanaged<AnyObject>.fromOpaque(handles[index]).release()
                }
            })
        let rc = weft_emap_create(&callbacks, &version)
        // Creating a family allocates a few hundred bytes; failure means the
        // process is out of memory, where Swift itself would trap.
        precondition(rc == WEFT_OK, "CWeftElementMap could not create a map (weft_rc \(rc.rawValue))")
        return version!
    }

    static func retain(_ version: OpaquePointer) {
        weft_emap_retain(version)
    }

    static func release(_ version: OpaquePointer) {
        weft_emap_release(version)
    }

    /// Builds the version's position tables; false if memory ran out.
    static func buildPositions(_ version: OpaquePointer) -> Bool {
        weft_emap_build_positions(version)
    }

    static func hasPositions(_ version: OpaquePointer) -> Bool {
        weft_emap_has_positions(version)
    }

    // MARK: Lookups

    static func sectionCount(_ version: OpaquePointer) -> Int {
        weft_emap_section_count(version)
    }

    static func itemTotal(_ version: OpaquePointer) -> Int {
        weft_emap_item_total(version)
    }

    static func itemCount(_ version: OpaquePointer, section: Int) -> Int? {
        var count = 0
        return weft_emap_item_count(version, Int64(section), &count) == WEFT_OK ? count : nil
    }

    static func item(_ version: OpaquePointer, section: Int, item: Int) -> UnsafeMutableRawPointer? {
        weft_emap_item(version, Int64(section), Int64(item))
    }

    static func supplementary(_ version: OpaquePointer, kind: UInt32, section: Int, item: Int) -> UnsafeMutableRawPointer? {
        weft_emap_supplementary(version, kind, Int64(section), Int64(item))
    }

    /// Where `handle` is: an item path, or a supplementary path with its kind id.
    static func locate(_ version: OpaquePointer, _ handle: UnsafeRawPointer) -> (section: Int, item: Int, kind: UInt32?)? {
        var location = weft_emap_location()
        guard weft_emap_locate(version, handle, &location) else { return nil }
        return (Int(location.section), Int(location.item), location.is_supplementary ? location.kind : nil)
    }

    /// Copies up to `buffer.count` items of `section` from `start`; returns how many.
    static func copyItems(
        _ version: OpaquePointer, section: Int, start: Int, into buffer: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>
    ) -> Int {
        weft_emap_copy_items(version, Int64(section), start, buffer.baseAddress!, buffer.count)
    }

    static func supplementaries(_ version: OpaquePointer, section: Int) -> [(kind: UInt32, item: Int, handle: UnsafeMutableRawPointer)] {
        let count = weft_emap_supplementary_count(version, Int64(section))
        guard count > 0 else { return [] }
        let entries = [weft_emap_supplementary_entry](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = weft_emap_copy_supplementaries(version, Int64(section), 0, buffer.baseAddress!, count)
        }
        return entries.map { ($0.kind, Int($0.item), $0.handle) }
    }

    // MARK: Checks and bookkeeping

    static func invariantsHold(_ version: OpaquePointer) -> Bool {
        weft_emap_check_invariants(version)
    }

    static func familyHolds(_ version: OpaquePointer) -> Bool {
        weft_emap_check_family(version)
    }

    static func familyCounts(_ version: OpaquePointer) -> FamilyCounts {
        var counts = weft_emap_family_counts()
        weft_emap_family_counts_get(version, &counts)
        return FamilyCounts(
            liveVersions: Int(counts.live_versions), deadVersions: Int(counts.dead_versions),
            nodes: Int(counts.nodes), elements: Int(counts.handles), slabBytes: Int(counts.slab_bytes))
    }

    /// What the family of a version holds, for tests and reports.
    struct FamilyCounts: Hashable, Sendable {
        var liveVersions: Int
        var deadVersions: Int
        var nodes: Int
        var elements: Int
        var slabBytes: Int
    }

    // MARK: Batches

    /// Derives a version from `base`. On success the map owns one reference to
    /// every element the batch inserts; on failure nothing changed and the
    /// references taken here are given back.
    static func apply(_ batch: BatchEdits, to base: OpaquePointer) throws(ElementMapError) -> OpaquePointer {
        try batch.validateShape()
        let kinds = SupplementaryKinds.ids(for: batch.supplementaryChanges.map(\.kind))
        // The lists live in an array's storage rather than a raw allocation:
        // on Linux a raw allocation with default alignment goes through
        // aligned_alloc, which malloc interposers (the benchmark harness's) cannot tag.
        var storage = [UInt64](repeating: 0, count: CBatch.words(for: batch))
        let outcome = storage.withUnsafeMutableBytes { bytes -> Result<OpaquePointer, ElementMapError> in
            let lists = CBatch(batch, kinds: kinds, buffer: bytes.baseAddress!)
            var error = weft_emap_error()
            var result: OpaquePointer?
            let rc = withUnsafePointer(to: lists.batch) { weft_emap_apply(base, $0, &error, &result) }
            guard rc == WEFT_OK, let result else {
                lists.giveBackReferences()
                return .failure(mapError(error, batch: batch))
            }
            return .success(result)
        }
        return try outcome.get()
    }

    private static func mapError(_ e: weft_emap_error, batch: BatchEdits) -> ElementMapError {
        let edit = ElementMapError.Edit(e.edit)
        let position = e.edit_index
        let path = IndexPath(item: Int(e.item), section: Int(e.section))
        let other = IndexPath(item: Int(e.other_item), section: Int(e.other_section))
        switch e.failure {
        case WEFT_EMAP_FAILURE_SECTION_RANGE:
            return .sectionOutOfRange(edit: edit, position: position, section: Int(e.section), sectionCount: Int(e.count))
        case WEFT_EMAP_FAILURE_ITEM_RANGE:
            if edit == .setSupplementary {
                return .itemOutOfRange(edit: edit, position: position, indexPath: path, itemCount: nil)
            }
            return .itemOutOfRange(edit: edit, position: position, indexPath: path, itemCount: e.count < 0 ? nil : Int(e.count))
        case WEFT_EMAP_FAILURE_ORDER:
            if edit.isSectionLevel {
                return .sectionsNotSorted(edit: edit, position: position, section: Int(e.section), previous: Int(e.other_section))
            }
            return .itemsNotSorted(edit: edit, position: position, indexPath: path, previous: other)
        case WEFT_EMAP_FAILURE_DUPLICATE_PATH:
            let conflicting = ElementMapError.Edit(e.other_edit)
            if edit.isSectionLevel {
                return .duplicateSection(
                    edit: edit, position: position, section: Int(e.section),
                    conflictingEdit: conflicting, conflictingPosition: e.other_index)
            }
            if edit == .setSupplementary {
                return .duplicateSupplementary(
                    kind: SupplementaryKinds.name(of: e.kind), indexPath: path, position: position,
                    conflictingPosition: e.other_index)
            }
            return .duplicateIndexPath(
                edit: edit, position: position, indexPath: path, conflictingEdit: conflicting,
                conflictingPosition: e.other_index)
        case WEFT_EMAP_FAILURE_DUPLICATE_ELEMENT:
            let existing: IndexPath? = e.other_section >= 0 ? other : nil
            return .elementAlreadyPresent(edit: edit, position: position, indexPath: path, existingIndexPath: existing)
        case WEFT_EMAP_FAILURE_NULL_HANDLE:
            return .capacityExceeded(edit: edit, position: position, detail: "the element's address cannot be stored")
        case WEFT_EMAP_FAILURE_MISSING_SUPPLEMENTARY:
            return .missingSupplementaryElement(kind: SupplementaryKinds.name(of: e.kind), indexPath: path, position: position)
        case WEFT_EMAP_FAILURE_CAPACITY:
            if edit == .insertSection && e.item < 0 {
                return .capacityExceeded(
                    edit: edit, position: position, detail: "more than \(e.count) sections would be alive at once")
            }
            return .capacityExceeded(
                edit: edit, position: position,
                detail: "section \(e.section) would hold more than \(e.count) items")
        default:
            return .outOfMemory
        }
    }
}

extension ElementMapError.Edit {
    init(_ kind: weft_emap_edit_kind) {
        switch kind {
        case WEFT_EMAP_EDIT_REPLACE_ITEM: self = .replaceItem
        case WEFT_EMAP_EDIT_DELETE_ITEM: self = .deleteItem
        case WEFT_EMAP_EDIT_DELETE_SECTION: self = .deleteSection
        case WEFT_EMAP_EDIT_MOVE_SECTION: self = .moveSection
        case WEFT_EMAP_EDIT_MOVE_ITEM: self = .moveItem
        case WEFT_EMAP_EDIT_INSERT_SECTION: self = .insertSection
        case WEFT_EMAP_EDIT_INSERT_ITEM: self = .insertItem
        default: self = .setSupplementary
        }
    }
}

/// A batch laid out for the C core in a caller's buffer, holding one retained
/// reference to every element it inserts until the core takes them over.
private struct CBatch {
    var batch = weft_emap_batch()
    private let retained: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>

    /// The layout of all lists, carved from one buffer; every list type has 8-byte alignment.
    private struct Lists {
        var layout = Layout()
        let replacements, itemDeletes, sectionDeletes, sectionMoves, itemMoves: Int
        let sectionInserts, sectionHandles, itemInserts, supplementary, retained: Int
        let sectionElementCount, retainedCount: Int

        init(_ b: BatchEdits) {
            sectionElementCount = b.sectionInserts.reduce(0) { $0 + $1.elements.count }
            retainedCount = b.replacements.count(where: { $0.element != nil })
                + b.itemInserts.count(where: { $0.element != nil })
                + b.sectionInserts.reduce(0) { $0 + $1.elements.count(where: { $0 != nil }) }
                + b.supplementaryChanges.count(where: { $0.element != nil })
            replacements = layout.reserve(weft_emap_item_edit.self, b.replacements.count)
            itemDeletes = layout.reserve(weft_emap_path.self, b.itemDeletes.count)
            sectionDeletes = layout.reserve(Int64.self, b.sectionDeletes.count)
            sectionMoves = layout.reserve(weft_emap_section_move.self, b.sectionMoves.count)
            itemMoves = layout.reserve(weft_emap_item_move.self, b.itemMoves.count)
            sectionInserts = layout.reserve(weft_emap_section_insert.self, b.sectionInserts.count)
            sectionHandles = layout.reserve(UnsafeMutableRawPointer?.self, sectionElementCount)
            itemInserts = layout.reserve(weft_emap_item_edit.self, b.itemInserts.count)
            supplementary = layout.reserve(weft_emap_supplementary_edit.self, b.supplementaryChanges.count)
            retained = layout.reserve(UnsafeMutableRawPointer.self, retainedCount)
        }
    }

    /// The 8-byte words a buffer for `b` needs.
    static func words(for b: BatchEdits) -> Int {
        max((Lists(b).layout.size + 7) / 8, 1)
    }

    init(_ b: BatchEdits, kinds: [UInt32], buffer: UnsafeMutableRawPointer) {
        let lists = Lists(b)
        let sectionElementCount = lists.sectionElementCount
        let replacements = lists.replacements, itemDeletes = lists.itemDeletes
        let sectionDeletes = lists.sectionDeletes, sectionMoves = lists.sectionMoves, itemMoves = lists.itemMoves
        let sectionInserts = lists.sectionInserts, sectionHandles = lists.sectionHandles
        let itemInserts = lists.itemInserts, supplementary = lists.supplementary
        retained = UnsafeMutableBufferPointer(
            start: (buffer + lists.retained).bindMemory(to: UnsafeMutableRawPointer.self, capacity: lists.retainedCount),
            count: lists.retainedCount)

        let slots = retained.baseAddress!
        var kept = 0
        func keep(_ element: AnyObject) -> UnsafeMutableRawPointer {
            let handle = Unmanaged.passRetained(element).toOpaque()
            (slots + kept).initialize(to: handle)
            kept += 1
            return handle
        }
        func path(_ indexPath: IndexPath) -> weft_emap_path {
            weft_emap_path(section: Int64(indexPath.section), item: Int64(indexPath.item))
        }

        let rp = (buffer + replacements).bindMemory(to: weft_emap_item_edit.self, capacity: b.replacements.count)
        for (i, r) in b.replacements.enumerated() {
            (rp + i).initialize(to: weft_emap_item_edit(path: path(r.indexPath), handle: r.element.map(keep)))
        }
        let dp = (buffer + itemDeletes).bindMemory(to: weft_emap_path.self, capacity: b.itemDeletes.count)
        for (i, p) in b.itemDeletes.enumerated() { (dp + i).initialize(to: path(p)) }
        let sdp = (buffer + sectionDeletes).bindMemory(to: Int64.self, capacity: b.sectionDeletes.count)
        for (i, s) in b.sectionDeletes.enumerated() { (sdp + i).initialize(to: Int64(s)) }
        let smp = (buffer + sectionMoves).bindMemory(to: weft_emap_section_move.self, capacity: b.sectionMoves.count)
        for (i, m) in b.sectionMoves.enumerated() {
            (smp + i).initialize(to: weft_emap_section_move(from: Int64(m.from), to: Int64(m.to)))
        }
        let imp = (buffer + itemMoves).bindMemory(to: weft_emap_item_move.self, capacity: b.itemMoves.count)
        for (i, m) in b.itemMoves.enumerated() {
            (imp + i).initialize(to: weft_emap_item_move(from: path(m.from), to: path(m.to)))
        }
        let hp = (buffer + sectionHandles).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: sectionElementCount)
        let sip = (buffer + sectionInserts).bindMemory(to: weft_emap_section_insert.self, capacity: b.sectionInserts.count)
        var handleAt = 0
        for (i, s) in b.sectionInserts.enumerated() {
            let first = hp + handleAt
            for element in s.elements {
                (hp + handleAt).initialize(to: element.map(keep))
                handleAt += 1
            }
            // No handle array for a section of absent items: the core builds it empty.
            (sip + i).initialize(to: s.absentItems > 0
                ? weft_emap_section_insert(section: Int64(s.section), handles: nil, count: s.absentItems)
                : weft_emap_section_insert(section: Int64(s.section), handles: UnsafePointer(first), count: s.elements.count))
        }
        let ip = (buffer + itemInserts).bindMemory(to: weft_emap_item_edit.self, capacity: b.itemInserts.count)
        for (i, n) in b.itemInserts.enumerated() {
            (ip + i).initialize(to: weft_emap_item_edit(path: path(n.indexPath), handle: n.element.map(keep)))
        }
        let sp = (buffer + supplementary).bindMemory(to: weft_emap_supplementary_edit.self, capacity: b.supplementaryChanges.count)
        for (i, c) in b.supplementaryChanges.enumerated() {
            (sp + i).initialize(to: weft_emap_supplementary_edit(
                kind: kinds[i], path: path(c.indexPath), handle: c.element.map(keep)))
        }

        batch.replacements = UnsafePointer(rp)
        batch.replacement_count = b.replacements.count
        batch.item_deletes = UnsafePointer(dp)
        batch.item_delete_count = b.itemDeletes.count
        batch.section_deletes = UnsafePointer(sdp)
        batch.section_delete_count = b.sectionDeletes.count
        batch.section_moves = UnsafePointer(smp)
        batch.section_move_count = b.sectionMoves.count
        batch.item_moves = UnsafePointer(imp)
        batch.item_move_count = b.itemMoves.count
        batch.section_inserts = UnsafePointer(sip)
        batch.section_insert_count = b.sectionInserts.count
        batch.item_inserts = UnsafePointer(ip)
        batch.item_insert_count = b.itemInserts.count
        batch.supplementary_edits = UnsafePointer(sp)
        batch.supplementary_edit_count = b.supplementaryChanges.count
    }

    /// The core refused the batch and took nothing: drop the references taken for it.
    func giveBackReferences() {
        for handle in retained { Unmanaged<AnyObject>.fromOpaque(handle).release() }
    }

    /// Byte offsets of the lists inside the buffer.
    private struct Layout {
        var size = 0
        mutating func reserve<T>(_: T.Type, _ count: Int) -> Int {
            let offset = (size + 7) & ~7
            size = offset + MemoryLayout<T>.stride * count
            return offset
        }
    }
}
