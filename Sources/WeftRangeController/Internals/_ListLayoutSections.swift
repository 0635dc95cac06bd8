import Foundation
import WeftDataController
import WeftElementMap

/// A ``ListLayout``'s per-section lengths for a whole map, as a `reloadData`
/// lays them out: made on main, or in step 3 on the editing queue
/// (``ListLayout/preparation(for:)``) for the commit to take.
struct _ListLayoutSections: Sendable {
    /// The layout's version the sections were made for: they apply only to the
    /// layout that made them, unchanged since.
    let version: Int
    /// Each section's item slots.
    private(set) var sections: [_LengthSequence] = []
    /// Each section's measured slots.
    private(set) var measured: [_MeanLength] = []
    /// Every section's measured slots.
    private(set) var measuredAnywhere = _MeanLength()

    /// Lays out every item of `map`: slots along `axis` with `spacing` after
    /// each, and absent items at the mean of their section's measured ones, or
    /// of every earlier section's, or at `estimatedItemLength`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    init(
        _ map: ElementMap<CollectionElement>, axis: ScrollAxis, spacing: CGFloat, estimatedItemLength: CGFloat,
        version: Int
    ) {
        self.version = version
        sections.reserveCapacity(map.numberOfSections)
        measured.reserveCapacity(map.numberOfSections)
        for section in 0 ..< map.numberOfSections {
            let (lengths, mean) = Self.makeSection(
                of: map, section: section, axis: axis, spacing: spacing, estimatedItemLength: estimatedItemLength,
                measuredAnywhere: &measuredAnywhere)
            sections.append(lengths)
            measured.append(mean)
        }
    }

    /// The slots of `map`'s section `section` and the mean of its measured
    /// ones, which also go to `measuredAnywhere`; its estimate is that mean,
    /// or `measuredAnywhere`'s, or `estimatedItemLength`'s slot.
    ///
    /// - Complexity: O(*m*) for *m* items when most have elements; O(*p* log *n*)
    ///   for *p* present items otherwise, and each run of absent items is one node.
    static func makeSection(
        of map: ElementMap<CollectionElement>, section: Int, axis: ScrollAxis, spacing: CGFloat,
        estimatedItemLength: CGFloat, measuredAnywhere: inout _MeanLength
    ) -> (_LengthSequence, _MeanLength) {
        let count = map.numberOfItems(inSection: section)
        let present = map.indexesOfPresentItems(inSection: section)
        var mean = _MeanLength(), anywhere = measuredAnywhere
        // The estimate comes from the section's own measured items, known once
        // they are read: set after.
        var lengths = _LengthSequence(count: count, estimate: 0, measuredAtMost: present.count) { appender in
            if present.count > count / 16 {
                map.forEachUnmanagedItem(inSection: section) { index, element in
                    guard let size = element?._layoutSize else { return }
                    let slot = Double(axis.length(of: size) + spacing)
                    mean.add(slot)
                    anywhere.add(slot)
                    appender.append(index: index, length: slot)
                }
            } else {
                for index in present {
                    guard let size = map.unmanagedElement(at: IndexPath(item: index, section: section))?._layoutSize
                    else { continue }
                    let slot = Double(axis.length(of: size) + spacing)
                    mean.add(slot)
                    anywhere.add(slot)
                    appender.append(index: index, length: slot)
                }
            }
        }
        measuredAnywhere = anywhere
        lengths.estimate = mean.mean ?? anywhere.mean ?? Double(estimatedItemLength + spacing)
        return (lengths, mean)
    }
}
