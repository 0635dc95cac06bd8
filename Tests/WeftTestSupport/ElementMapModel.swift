import Foundation
import WeftCore
import WeftElementMap

/// The reference model: plain arrays of sections, edited the slow, obvious way.
public struct ModelSection: Sendable {
    /// `nil` for an absent item.
    public var items: [Cell?]
    /// Supplementary elements by kind, then item.
    public var supplementary: [String: [Int: Cell]] = [:]

    public init(items: [Cell?], supplementary: [String: [Int: Cell]] = [:]) {
        self.items = items
        self.supplementary = supplementary
    }
}

public struct ElementMapModel: Sendable {
    public static let kinds = ["header", "footer", "badge"]

    public var sections: [ModelSection]

    public init(_ sections: [[Cell?]]) {
        self.sections = sections.map { ModelSection(items: $0) }
    }

    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Compares every lookup of `map` with the model, in both directions, and
    /// describes each disagreement; empty when they agree.
    public func problems(_ map: ElementMap<Cell>) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { problems.append(what()) }
        }
        check(map.numberOfSections == sections.count, "\(map.numberOfSections) sections, expected \(sections.count)")
        check(map.count == itemCount, "\(map.count) items, expected \(itemCount)")
        var flat: [ObjectIdentifier] = []
        for (s, section) in sections.enumerated() {
            check(map.numberOfItems(inSection: s) == section.items.count, "items in section \(s)")
            for (i, cell) in section.items.enumerated() {
                let path = IndexPath(item: i, section: s)
                check(map.element(at: path) === cell, "element(at: \(path))")
                guard let cell else { continue }
                check(map.indexPath(of: cell) == path, "indexPath(of: \(cell))")
                flat.append(ObjectIdentifier(cell))
            }
            check(map.element(at: IndexPath(item: section.items.count, section: s)) == nil, "an item past section \(s)")
            check(map.items(inSection: s).map { $0.map(ObjectIdentifier.init) } == section.items.map { $0.map(ObjectIdentifier.init) },
                  "items(inSection: \(s))")
            check(map.elements(inSection: s).map(ObjectIdentifier.init) == section.items.compactMap { $0.map(ObjectIdentifier.init) },
                  "elements(inSection: \(s))")
            var expectedSupplementaries = 0
            for kind in Self.kinds {
                for item in 0 ..< 3 {
                    let expected = section.supplementary[kind]?[item]
                    let path = IndexPath(item: item, section: s)
                    check(map.supplementaryElement(ofKind: kind, at: path) === expected, "\(kind) at \(path)")
                    if let expected {
                        expectedSupplementaries += 1
                        let location = map.supplementaryLocation(of: expected)
                        check(location?.kind == kind && location?.indexPath == path, "supplementaryLocation(of: \(expected))")
                        check(map.indexPath(of: expected) == nil, "indexPath(of: supplementary \(expected))")
                    }
                }
            }
            check(map.supplementaryElements(inSection: s).count == expectedSupplementaries, "supplementaries of section \(s)")
        }
        check(map.element(at: IndexPath(item: 0, section: sections.count)) == nil, "an item past the last section")
        check(map.map(ObjectIdentifier.init) == flat, "enumeration")
        let indexed = map.indexedElements.map { ($0.indexPath, ObjectIdentifier($0.element)) }
        check(indexed.map(\.1) == flat, "indexed enumeration")
        check(indexed.allSatisfy { map.element(at: $0.0).map(ObjectIdentifier.init) == $0.1 }, "indexed paths")
        return problems
    }
}

/// Makes random valid batches and applies them to a model, the slow way, in
/// the six steps ``ElementMap/Batch`` defines.
public struct BatchGenerator<Random: RandomNumberGenerator> {
    public var random: Random
    public var nextID: Int
    public let tracker: CellTracker?
    /// Roughly how many item edits a batch makes.
    public var scale: Int
    /// Whether batches make absent items too: replacements with `nil`, new
    /// items without elements, sections of absent items.
    public var makesAbsentItems = false

    public init(random: Random, scale: Int, tracker: CellTracker? = nil, firstID: Int = 1) {
        self.random = random
        self.scale = scale
        self.tracker = tracker
        nextID = firstID
    }

    public mutating func cell() -> Cell {
        defer { nextID += 1 }
        return Cell(nextID, tracker: tracker)
    }

    public mutating func cells(_ count: Int) -> [Cell] {
        (0 ..< count).map { _ in cell() }
    }

    public mutating func chance(_ oneIn: Int) -> Bool {
        Int.random(in: 0 ..< oneIn, using: &random) == 0
    }

    public mutating func int(_ range: Range<Int>) -> Int {
        range.isEmpty ? range.lowerBound : Int.random(in: range, using: &random)
    }

    /// A random valid batch for `model`, and the model after it.
    public mutating func makeBatch(for model: ElementMapModel) -> (ElementMap<Cell>.Batch, ElementMapModel) {
        var m = model
        var batch = ElementMap<Cell>.Batch()

        // 1. Replacements, old index space.
        var replaced = Set<IndexPath>()
        if chance(4) {
            for _ in 0 ..< int(1 ..< 4) {
                let s = int(0 ..< m.sections.count)
                guard s < m.sections.count, !m.sections[s].items.isEmpty else { continue }
                let path = IndexPath(item: int(0 ..< m.sections[s].items.count), section: s)
                guard replaced.insert(path).inserted else { continue }
                let fresh: Cell? = makesAbsentItems && chance(3) ? nil : cell()
                batch.replaceItem(at: path, with: fresh)
                m.sections[path.section].items[path.item] = fresh
            }
        }

        // 2. Item removals: deletes and move sources, distinct, old index space.
        var removals = Set<IndexPath>()
        for _ in 0 ..< int(0 ..< scale + 1) {
            let s = int(0 ..< m.sections.count)
            guard s < m.sections.count, !m.sections[s].items.isEmpty else { continue }
            removals.insert(IndexPath(item: int(0 ..< m.sections[s].items.count), section: s))
        }
        let moveSources = Set(removals.filter { _ in chance(3) })
        for path in removals.subtracting(moveSources).sorted(by: >) { batch.deleteItem(at: path) }
        var movedItems: [IndexPath: Cell?] = [:]
        for path in removals.sorted(by: >) {
            let removed = m.sections[path.section].items.remove(at: path.item)
            if moveSources.contains(path) { movedItems[path] = removed }
        }

        // 3. Section removals: deletes and move sources, old index space.
        var sectionRemovals = Set<Int>()
        if chance(6) || (m.sections.count > 6 && chance(2)) {
            for _ in 0 ..< int(1 ..< 3) where !m.sections.isEmpty {
                sectionRemovals.insert(int(0 ..< m.sections.count))
            }
        }
        let sectionMoveSources = Set(sectionRemovals.filter { _ in chance(2) })
        for s in sectionRemovals.subtracting(sectionMoveSources).sorted(by: >) { batch.deleteSection(s) }
        var movedSections: [Int: ModelSection] = [:]
        for s in sectionRemovals.sorted(by: >) {
            let removed = m.sections.remove(at: s)
            if sectionMoveSources.contains(s) { movedSections[s] = removed }
        }

        // 4. Section insertions: new sections and move destinations, ascending, new index space.
        let newSections = chance(5) || m.sections.count + movedSections.count < 2 ? int(1 ..< 3) : 0
        let total = newSections + movedSections.count
        var destinations = Set<Int>()
        while destinations.count < total { destinations.insert(int(0 ..< m.sections.count + total)) }
        var pendingSectionMoves = Array(movedSections.keys).shuffled(using: &random)
        var insertSlots = Set(destinations.sorted().shuffled(using: &random).prefix(newSections))
        for d in destinations.sorted() {
            if insertSlots.remove(d) != nil {
                let count = chance(4) ? int(0 ..< scale * 4 + 1) : int(0 ..< 3)
                if makesAbsentItems && chance(3) {
                    batch.insertSection(d, absentItems: count)
                    m.sections.insert(ModelSection(items: Array(repeating: nil, count: count)), at: d)
                } else if makesAbsentItems && chance(2) {
                    let items: [Cell?] = (0 ..< count).map { _ in chance(2) ? nil : cell() }
                    batch.insertSection(d, items: items)
                    m.sections.insert(ModelSection(items: items), at: d)
                } else {
                    let items = cells(count)
                    batch.insertSection(d, elements: items)
                    m.sections.insert(ModelSection(items: items), at: d)
                }
            } else {
                let from = pendingSectionMoves.removeLast()
                batch.moveSection(from, toSection: d)
                m.sections.insert(movedSections[from]!, at: d)
            }
        }

        // 5. Item insertions: new items and move destinations, ascending, new index space.
        let newItems = m.sections.isEmpty ? 0 : int(0 ..< scale + 1)
        let placed = newItems + movedItems.count
        if placed > 0 {
            precondition(!m.sections.isEmpty, "moved items need a section")
            var perSection = [Int](repeating: 0, count: m.sections.count)
            for _ in 0 ..< placed { perSection[int(0 ..< m.sections.count)] += 1 }
            var targets: [IndexPath] = []
            for (s, added) in perSection.enumerated() where added > 0 {
                let final = m.sections[s].items.count + added
                var chosen = Set<Int>()
                while chosen.count < added { chosen.insert(int(0 ..< final)) }
                targets += chosen.sorted().map { IndexPath(item: $0, section: s) }
            }
            var moveTargets = Set(targets.shuffled(using: &random).prefix(movedItems.count))
            var pendingMoves = Array(movedItems.keys).shuffled(using: &random)
            for target in targets {
                let element: Cell?
                if moveTargets.remove(target) != nil {
                    let from = pendingMoves.removeLast()
                    batch.moveItem(at: from, to: target)
                    element = movedItems[from]!
                } else {
                    element = makesAbsentItems && chance(3) ? nil : cell()
                    batch.insertItem(element, at: target)
                }
                m.sections[target.section].items.insert(element, at: target.item)
            }
        }

        // 6. Supplementary elements, new index space.
        if !m.sections.isEmpty && chance(3) {
            var named = Set<String>()
            for _ in 0 ..< int(1 ..< 4) {
                let s = int(0 ..< m.sections.count)
                let kind = ElementMapModel.kinds[int(0 ..< ElementMapModel.kinds.count)]
                let item = int(0 ..< 3)
                guard named.insert("\(kind)/\(s)/\(item)").inserted else { continue }
                let existing = m.sections[s].supplementary[kind]?[item]
                let fresh: Cell? = existing == nil || chance(2) ? cell() : nil
                batch.setSupplementaryElement(fresh, ofKind: kind, at: IndexPath(item: item, section: s))
                m.sections[s].supplementary[kind, default: [:]][item] = fresh
            }
        }
        return (batch, m)
    }
}

extension BatchGenerator where Random == SplitMix64 {
    public init(seed: UInt64, scale: Int, tracker: CellTracker? = nil, firstID: Int = 1) {
        self.init(random: SplitMix64(seed: seed), scale: scale, tracker: tracker, firstID: firstID)
    }
}
