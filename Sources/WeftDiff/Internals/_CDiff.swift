// Public only so that the inlinable text hashes below can call the core: no
// public declaration of WeftDiff exposes a CWeftDiff type.
public import CWeftDiff
public import Foundation

/// The only caller of CWeftDiff.
///
/// The inlinable layer above hands in closures specialized for the element
/// type (fill the identity hashes, compare identities by index, compare the
/// contents of all pairs at once); this file carries them through the C core's
/// context pointer and copies the result out of the core's scratch memory into
/// Swift arrays before it is freed.
///
/// The core fails only for sizes beyond 32-bit indexes or when no arena can
/// supply memory, both of which a Swift array would trap on as well; ``check(_:_:)``
/// turns them into traps that name the counts, in one place.
@usableFromInline
enum _CDiff {
    /// A list diff copied out of the core.
    @usableFromInline
    struct ListOutput {
        @usableFromInline var deletes: [Int] = []
        @usableFromInline var inserts: [Int] = []
        @usableFromInline var moves: [DiffMove<Int>] = []
        @usableFromInline var updates: [DiffUpdate<Int>] = []
    }

    /// A sectioned diff copied out of the core.
    @usableFromInline
    struct SectionedOutput {
        @usableFromInline var sectionDeletes: [Int] = []
        @usableFromInline var sectionInserts: [Int] = []
        @usableFromInline var sectionMoves: [DiffMove<Int>] = []
        @usableFromInline var sectionUpdates: [DiffUpdate<Int>] = []
        @usableFromInline var itemDeletes: [IndexPath] = []
        @usableFromInline var itemInserts: [IndexPath] = []
        @usableFromInline var itemMoves: [DiffMove<IndexPath>] = []
        @usableFromInline var itemUpdates: [DiffUpdate<IndexPath>] = []
    }

    /// Compares the contents of matched pairs: `pairs` holds old and new index
    /// of each pair, interleaved (`pairs[2p]`, `pairs[2p + 1]`); the closure
    /// sets `changed[p]` to 1 where they differ, else 0.
    @usableFromInline
    typealias ContentsChanged = (_ pairs: UnsafeBufferPointer<UInt32>, _ changed: UnsafeMutableBufferPointer<UInt8>) -> Void

    /// Identity hashes and item counts of one sectioned snapshot, as fill writes them.
    @usableFromInline
    struct SectionedBuffers {
        @usableFromInline let sectionIDs: UnsafeMutablePointer<UInt64>
        @usableFromInline let itemCounts: UnsafeMutablePointer<UInt32>
        @usableFromInline let itemIDs: UnsafeMutablePointer<UInt64>
    }

    /// Diffs two lists of `oldCount` and `newCount` elements.
    ///
    /// - Parameters:
    ///   - comparesIdentities: Whether equal hashes need `identityEqual` to
    ///     confirm them (false for integer identities).
    ///   - comparesContents: Whether to ask `contentsChanged` about the pairs.
    ///   - fill: Writes the old and the new identity hashes.
    ///   - identityEqual: Whether old element `i` and new element `j` have equal identities.
    ///   - identitiesDiffer: Marks the pairs whose identities differ, all at once.
    ///   - contentsChanged: Marks the pairs whose contents differ, all at once.
    @usableFromInline
    static func list(
        oldCount: Int, newCount: Int,
        comparesIdentities: Bool, comparesContents: Bool,
        fill: (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt64>) -> Void,
        identityEqual: (Int, Int) -> Bool,
        identitiesDiffer: ContentsChanged,
        contentsChanged: ContentsChanged
    ) -> ListOutput {
        withoutActuallyEscaping(fill) { fill in
            withoutActuallyEscaping(identityEqual) { identityEqual in
                withoutActuallyEscaping(identitiesDiffer) { identitiesDiffer in
                withoutActuallyEscaping(contentsChanged) { contentsChanged in
                    var context = ListContext(
                        fill: fill, identityEqual: identityEqual, identitiesDiffer: identitiesDiffer,
                        contentsChanged: contentsChanged)
                    withUnsafeMutablePointer(to: &context) { context in
                        var request = weft_diff_list_request(
                            old_count: count32(oldCount, "old elements"),
                            new_count: count32(newCount, "new elements"),
                            content_hashes: false,
                            callbacks: weft_diff_callbacks(
                                identity_equal: comparesIdentities ? listIdentityEqual : nil,
                                identities_differ: comparesIdentities ? listIdentitiesDiffer : nil,
                                contents_changed: comparesContents ? listContentsChanged : nil),
                            context: UnsafeMutableRawPointer(context),
                            fill: { context, input in
                                let context = context!.assumingMemoryBound(to: ListContext.self)
                                context.pointee.fill(input.pointee.old_ids, input.pointee.new_ids)
                            },
                            deliver: { context, result in
                                let context = context!.assumingMemoryBound(to: ListContext.self)
                                context.pointee.output = ListOutput(result.pointee)
                            })
                        check(weft_diff_list(&request), "diffing \(oldCount) old and \(newCount) new elements")
                    }
                    return context.output
                }
                }
            }
        }
    }

    /// Diffs two sectioned snapshots.
    ///
    /// Item indexes in the callbacks are flat: the items of section 0, then
    /// of section 1, and so on.
    ///
    /// - Parameters:
    ///   - fill: Writes the old, then the new buffers: section identity hashes,
    ///     item counts per section, item identity hashes.
    @usableFromInline
    static func sectioned(
        oldSectionCount: Int, newSectionCount: Int, oldItemCount: Int, newItemCount: Int,
        comparesSectionIdentities: Bool, comparesSectionContents: Bool,
        comparesItemIdentities: Bool, comparesItemContents: Bool,
        fill: (_ old: SectionedBuffers, _ new: SectionedBuffers) -> Void,
        sectionIdentityEqual: (Int, Int) -> Bool,
        sectionContentsChanged: ContentsChanged,
        itemIdentityEqual: (Int, Int) -> Bool,
        itemIdentitiesDiffer: ContentsChanged,
        itemContentsChanged: ContentsChanged
    ) -> SectionedOutput {
        withoutActuallyEscaping(fill) { fill in
            withoutActuallyEscaping(sectionIdentityEqual) { sectionIdentityEqual in
                withoutActuallyEscaping(sectionContentsChanged) { sectionContentsChanged in
                    withoutActuallyEscaping(itemIdentityEqual) { itemIdentityEqual in
                        withoutActuallyEscaping(itemIdentitiesDiffer) { itemIdentitiesDiffer in
                        withoutActuallyEscaping(itemContentsChanged) { itemContentsChanged in
                            var context = SectionedContext(
                                fill: fill,
                                sectionIdentityEqual: sectionIdentityEqual, sectionContentsChanged: sectionContentsChanged,
                                itemIdentityEqual: itemIdentityEqual, itemIdentitiesDiffer: itemIdentitiesDiffer,
                                itemContentsChanged: itemContentsChanged)
                            withUnsafeMutablePointer(to: &context) { context in
                                var request = weft_diff_sectioned_request(
                                    old_section_count: count32(oldSectionCount, "old sections"),
                                    new_section_count: count32(newSectionCount, "new sections"),
                                    old_item_count: count32(oldItemCount, "old items"),
                                    new_item_count: count32(newItemCount, "new items"),
                                    section_content_hashes: false,
                                    item_content_hashes: false,
                                    sections: weft_diff_callbacks(
                                        identity_equal: comparesSectionIdentities ? sectionIdentityEqualThunk : nil,
                                        identities_differ: nil,
                                        contents_changed: comparesSectionContents ? sectionContentsChangedThunk : nil),
                                    items: weft_diff_callbacks(
                                        identity_equal: comparesItemIdentities ? itemIdentityEqualThunk : nil,
                                        identities_differ: comparesItemIdentities ? itemIdentitiesDifferThunk : nil,
                                        contents_changed: comparesItemContents ? itemContentsChangedThunk : nil),
                                    context: UnsafeMutableRawPointer(context),
                                    fill: { context, input in
                                        let context = context!.assumingMemoryBound(to: SectionedContext.self)
                                        let input = input.pointee
                                        context.pointee.fill(
                                            SectionedBuffers(
                                                sectionIDs: input.old_section_ids, itemCounts: input.old_item_counts,
                                                itemIDs: input.old_item_ids),
                                            SectionedBuffers(
                                                sectionIDs: input.new_section_ids, itemCounts: input.new_item_counts,
                                                itemIDs: input.new_item_ids))
                                    },
                                    deliver: { context, result in
                                        let context = context!.assumingMemoryBound(to: SectionedContext.self)
                                        context.pointee.output = SectionedOutput(result.pointee)
                                    })
                                check(
                                    weft_diff_sectioned(&request),
                                    "diffing \(oldSectionCount) old sections (\(oldItemCount) items) and "
                                        + "\(newSectionCount) new sections (\(newItemCount) items)")
                            }
                            return context.output
                        }
                        }
                    }
                }
            }
        }
    }

    /// The seed of every byte hash in this process: drawn at random, so that
    /// ids crafted to collide in one run do not collide in the next.
    @usableFromInline
    static let hashSeed = UInt64.random(in: .min ... .max)

    /// The hash of `text`'s UTF-8 bytes; sets `nonASCII` if one is not ASCII.
    /// Text without contiguous UTF-8 (bridged from another runtime) sets it
    /// too, so the caller hashes it the Swift way.
    ///
    /// Inlinable, and the core's hash is pure: with the seed read once before
    /// the caller's loop (reading it is a call), the loop borrows each string
    /// instead of copying it, which cost a retain and a release, more than the
    /// hash itself.
    @inlinable @inline(__always)
    static func hash(text: String, seed: UInt64, nonASCII: inout Bool) -> UInt64 {
        hash(utf8: text.utf8, seed, &nonASCII)
    }

    /// As ``hash(text:seed:nonASCII:)-(String,_,_)``, for a substring.
    @inlinable @inline(__always)
    static func hash(text: Substring, seed: UInt64, nonASCII: inout Bool) -> UInt64 {
        hash(utf8: text.utf8, seed, &nonASCII)
    }

    @inlinable @inline(__always)
    static func hash<UTF8: Collection<UInt8>>(utf8: UTF8, _ seed: UInt64, _ nonASCII: inout Bool) -> UInt64 {
        guard let result = utf8.withContiguousStorageIfAvailable({ weft_diff_hash_bytes($0.baseAddress, $0.count, seed) })
        else {
            nonASCII = true
            return 0
        }
        nonASCII = nonASCII || result.non_ascii
        return result.hash
    }

    /// The hash of `uuid`'s 16 bytes.
    @inlinable @inline(__always)
    static func hash(uuid: UUID, seed: UInt64) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { weft_diff_hash_bytes($0.baseAddress, $0.count, seed).hash }
    }

    /// Traps with `operation` named if the core refused it.
    private static func check(_ rc: weft_rc, _ operation: @autoclosure () -> String) {
        switch rc {
        case WEFT_OK:
            return
        case WEFT_ENOMEM:
            fatalError("WeftDiff: out of memory while \(operation())")
        default:
            // Counts are checked before the call and the fill closures write
            // consistent item counts, so this is a bug in WeftDiff itself.
            fatalError("WeftDiff: the C core refused \(operation()) (weft_rc \(rc.rawValue))")
        }
    }

    /// `count` as a 32-bit count, trapping past the core's limit with `what` named.
    private static func count32(_ count: Int, _ what: String) -> UInt32 {
        precondition(
            count >= 0 && UInt64(count) <= UInt64(WEFT_DIFF_MAX_COUNT),
            "WeftDiff diffs at most \(WEFT_DIFF_MAX_COUNT) elements per side; got \(count) \(what)")
        return UInt32(count)
    }
}

/// What the list callbacks reach through the core's context pointer.
private struct ListContext {
    let fill: (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt64>) -> Void
    let identityEqual: (Int, Int) -> Bool
    let identitiesDiffer: _CDiff.ContentsChanged
    let contentsChanged: _CDiff.ContentsChanged
    var output = _CDiff.ListOutput()
}

/// What the sectioned callbacks reach through the core's context pointer.
private struct SectionedContext {
    let fill: (_CDiff.SectionedBuffers, _CDiff.SectionedBuffers) -> Void
    let sectionIdentityEqual: (Int, Int) -> Bool
    let sectionContentsChanged: _CDiff.ContentsChanged
    let itemIdentityEqual: (Int, Int) -> Bool
    let itemIdentitiesDiffer: _CDiff.ContentsChanged
    let itemContentsChanged: _CDiff.ContentsChanged
    var output = _CDiff.SectionedOutput()
}

// The C core's callbacks. Identity checks come once with every pair the hashes
// made, and one pair at a time only after a true collision; content checks
// come once per level with every pair. Each crossing copies the stored closure
// out of the context (a retain and a release), which would otherwise cost more
// than comparing most identities and contents.

private func listIdentityEqual(_ context: UnsafeMutableRawPointer?, _ i: UInt32, _ j: UInt32) -> Bool {
    context!.assumingMemoryBound(to: ListContext.self).pointee.identityEqual(Int(i), Int(j))
}

private func listIdentitiesDiffer(
    _ context: UnsafeMutableRawPointer?, _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32,
    _ differ: UnsafeMutablePointer<UInt8>
) {
    contentsChanged(pairs, count, differ, context!.assumingMemoryBound(to: ListContext.self).pointee.identitiesDiffer)
}

private func listContentsChanged(
    _ context: UnsafeMutableRawPointer?, _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32,
    _ changed: UnsafeMutablePointer<UInt8>
) {
    contentsChanged(pairs, count, changed, context!.assumingMemoryBound(to: ListContext.self).pointee.contentsChanged)
}

private func sectionIdentityEqualThunk(_ context: UnsafeMutableRawPointer?, _ i: UInt32, _ j: UInt32) -> Bool {
    context!.assumingMemoryBound(to: SectionedContext.self).pointee.sectionIdentityEqual(Int(i), Int(j))
}

private func sectionContentsChangedThunk(
    _ context: UnsafeMutableRawPointer?, _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32,
    _ changed: UnsafeMutablePointer<UInt8>
) {
    let context = context!.assumingMemoryBound(to: SectionedContext.self)
    contentsChanged(pairs, count, changed, context.pointee.sectionContentsChanged)
}

private func itemIdentityEqualThunk(_ context: UnsafeMutableRawPointer?, _ i: UInt32, _ j: UInt32) -> Bool {
    context!.assumingMemoryBound(to: SectionedContext.self).pointee.itemIdentityEqual(Int(i), Int(j))
}

private func itemIdentitiesDifferThunk(
    _ context: UnsafeMutableRawPointer?, _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32,
    _ differ: UnsafeMutablePointer<UInt8>
) {
    let context = context!.assumingMemoryBound(to: SectionedContext.self)
    contentsChanged(pairs, count, differ, context.pointee.itemIdentitiesDiffer)
}

private func itemContentsChangedThunk(
    _ context: UnsafeMutableRawPointer?, _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32,
    _ changed: UnsafeMutablePointer<UInt8>
) {
    let context = context!.assumingMemoryBound(to: SectionedContext.self)
    contentsChanged(pairs, count, changed, context.pointee.itemContentsChanged)
}

/// Hands the core's pairs to `body` as interleaved old and new indexes.
private func contentsChanged(
    _ pairs: UnsafePointer<weft_diff_pair>, _ count: UInt32, _ changed: UnsafeMutablePointer<UInt8>,
    _ body: _CDiff.ContentsChanged
) {
    let count = Int(count)
    // weft_diff_pair is two uint32_t fields, so its array is 2 * count uint32_t.
    pairs.withMemoryRebound(to: UInt32.self, capacity: 2 * count) { indexes in
        body(UnsafeBufferPointer(start: indexes, count: 2 * count), UnsafeMutableBufferPointer(start: changed, count: count))
    }
}

extension _CDiff.ListOutput {
    fileprivate init(_ r: weft_diff_list_result) {
        deletes = indexes(r.deletes, r.delete_count)
        inserts = indexes(r.inserts, r.insert_count)
        moves = pairs(r.moves, r.move_count, DiffMove.init)
        updates = pairs(r.updates, r.update_count, DiffUpdate.init)
    }
}

extension _CDiff.SectionedOutput {
    fileprivate init(_ r: weft_diff_sectioned_result) {
        sectionDeletes = indexes(r.section_deletes, r.section_delete_count)
        sectionInserts = indexes(r.section_inserts, r.section_insert_count)
        sectionMoves = pairs(r.section_moves, r.section_move_count, DiffMove.init)
        sectionUpdates = pairs(r.section_updates, r.section_update_count, DiffUpdate.init)
        itemDeletes = copy(r.item_deletes, r.item_delete_count, indexPath)
        itemInserts = copy(r.item_inserts, r.item_insert_count, indexPath)
        itemMoves = copy(r.item_moves, r.item_move_count) { DiffMove(from: indexPath($0.from), to: indexPath($0.to)) }
        itemUpdates = copy(r.item_updates, r.item_update_count) {
            DiffUpdate(from: indexPath($0.from), to: indexPath($0.to))
        }
    }
}

/// Copies `count` values out of the core's memory, converting each.
private func copy<Source, Target>(
    _ source: UnsafePointer<Source>, _ count: UInt32, _ convert: (Source) -> Target
) -> [Target] {
    let count = Int(count)
    // Never through the initializer with no capacity: it writes the count into the
    // process-wide empty array's storage, a race ThreadSanitizer sees between threads.
    guard count > 0 else { return [] }
    return [Target](unsafeUninitializedCapacity: count) { buffer, initialized in
        for k in 0 ..< count { (buffer.baseAddress! + k).initialize(to: convert(source[k])) }
        initialized = count
    }
}

private func indexes(_ source: UnsafePointer<UInt32>, _ count: UInt32) -> [Int] {
    copy(source, count) { Int($0) }
}

private func pairs<Pair>(
    _ source: UnsafePointer<weft_diff_pair>, _ count: UInt32, _ make: (Int, Int) -> Pair
) -> [Pair] {
    copy(source, count) { make(Int($0.from), Int($0.to)) }
}

/// The index path of `path`, built from its two indexes directly: on Linux,
/// `IndexPath(item:section:)` goes through an `[Int]` and allocates, which
/// cost one malloc per reported item edit.
private func indexPath(_ path: weft_diff_path) -> IndexPath {
    var indexPath = IndexPath(index: Int(path.section))
    indexPath.append(Int(path.item))
    return indexPath
}
