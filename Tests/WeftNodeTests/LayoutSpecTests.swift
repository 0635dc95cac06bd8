import Foundation
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// A leaf that wants a fixed size.
final class SizedNode: DisplayNode, @unchecked Sendable {
    let wanted: CGSize

    init(_ width: CGFloat, _ height: CGFloat, name: String? = nil) {
        wanted = CGSize(width: width, height: height)
        super.init()
        debugName = name
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { wanted }
}

/// A leaf that wants a fixed size and records the widths it is measured at.
final class MeasuredWidthsNode: DisplayNode, @unchecked Sendable {
    let wanted: CGSize
    private let asked = PosixMutex<[CGFloat]>([])

    init(_ width: CGFloat, _ height: CGFloat) {
        wanted = CGSize(width: width, height: height)
        super.init()
    }

    /// The largest widths each measurement allowed, in order.
    var askedWidths: [CGFloat] { asked.withLock { $0 } }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        asked.withLock { $0.append(constrainedSize.width) }
        return CGSize(width: min(wanted.width, constrainedSize.width), height: wanted.height)
    }
}

/// A node whose layout is the spec a test gives it.
final class SpecNode: DisplayNode, @unchecked Sendable {
    let make: @Sendable (SpecNode) -> LayoutSpec

    init(_ make: @escaping @Sendable (SpecNode) -> LayoutSpec) {
        self.make = make
        super.init()
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? { make(self) }
}

/// Each spec kind against frames computed by hand from Texture's rules.
@Suite struct LayoutSpecTests {
    func exactly(_ width: CGFloat, _ height: CGFloat) -> SizeRange {
        try! SizeRange(exactly: CGSize(width: width, height: height))
    }

    func upTo(_ width: CGFloat, _ height: CGFloat) -> SizeRange {
        try! SizeRange(min: .zero, max: CGSize(width: width, height: height))
    }

    func resolve(_ spec: @escaping @Sendable (SpecNode) -> LayoutSpec, in range: SizeRange) -> (CGSize, [CGRect], SpecNode) {
        let node = SpecNode(spec)
        let layout = node.layoutThatFits(range)
        return (layout.size, layout.children.map(\.frame), node)
    }

    /// Three 50-point children, 10 apart, in 300 points: 130 points left over.
    static let justifications: [(StackLayout.Justify, [Double])] = [
        (.start, [0, 60, 120]),
        (.center, [65, 125, 185]),
        (.end, [130, 190, 250]),
        (.spaceBetween, [0, 125, 250]),
        (.spaceAround, [130.0 / 6, 60 + 130.0 / 2, 120 + 130.0 * 5 / 6]),
    ]

    @Test(arguments: justifications)
    func aStackJustifiesAlongItsAxis(justify: StackLayout.Justify, xs: [Double]) {
        let (a, b, c) = (SizedNode(50, 20), SizedNode(50, 20), SizedNode(50, 20))
        let (size, frames, _) = resolve({ _ in
            .stack(.horizontal, spacing: 10, justifyContent: justify, alignItems: .start,
                   children: [.node(a), .node(b), .node(c)])
        }, in: exactly(300, 100))
        #expect(size == CGSize(width: 300, height: 100))
        #expect(frames.map { Double($0.minX) }.enumerated().allSatisfy { abs($1 - xs[$0]) < 0.001 }, "\(frames)")
    }

    static let alignments: [(StackLayout.Align, Double, Double)] = [
        (.start, 0, 40), (.center, 30, 40), (.end, 60, 40), (.stretch, 0, 100),
    ]

    @Test(arguments: alignments)
    func aStackAlignsAcrossItsAxis(align: StackLayout.Align, y: Double, height: Double) {
        let child = SizedNode(50, 40)
        let (_, frames, _) = resolve({ _ in .stack(.horizontal, alignItems: align, children: [.node(child)]) },
                                    in: exactly(300, 100))
        #expect(frames == [CGRect(x: 0, y: y, width: 50, height: height)])
    }

    @Test func flexGrowSharesTheRoomLeftByFactor() throws {
        let (a, b) = (SizedNode(50, 20), SizedNode(50, 20))
        let (_, frames, _) = resolve({ _ in
            .stack(.horizontal, alignItems: .start, children: [
                .node(a).style { $0.flexGrow = 1 }, .node(b).style { $0.flexGrow = 2 },
            ])
        }, in: exactly(300, 20))
        try #require(frames.count == 2, "\(frames)")
        #expect(abs(frames[0].width - 50 - 200.0 / 3) < 0.001 && abs(frames[1].width - 50 - 400.0 / 3) < 0.001)
        #expect(abs(frames[1].minX - frames[0].maxX) < 0.001)
    }

    @Test func theOneFlexibleChildOfAFixedLengthStackIsMeasuredOnceAtItsFlexedLength() throws {
        // Texture's optimized flexing: 300 fixed, 50 taken, so the child that both
        // grows and shrinks gets 250 without first being measured at its 400.
        let fixed = SizedNode(50, 20)
        let flexible = MeasuredWidthsNode(400, 20)
        let (_, frames, _) = resolve({ _ in
            .stack(.horizontal, alignItems: .start, children: [
                .node(fixed), .node(flexible).style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ])
        }, in: exactly(300, 20))
        #expect(frames.map(\.width) == [50, 250])
        #expect(flexible.askedWidths == [250])

        // Nothing to share: measured once, at length zero.
        let filler = SizedNode(300, 20)
        let squeezed = MeasuredWidthsNode(400, 20)
        let (_, full, _) = resolve({ _ in
            .stack(.horizontal, alignItems: .start, children: [
                .node(filler), .node(squeezed).style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ])
        }, in: exactly(300, 20))
        #expect(full.map(\.width) == [300, 0])
        #expect(squeezed.askedWidths == [0])
    }

    @Test func twoFlexibleChildrenAreMeasuredAtTheirNaturalLengthFirst() {
        let (a, b) = (MeasuredWidthsNode(200, 20), MeasuredWidthsNode(200, 20))
        let (_, frames, _) = resolve({ _ in
            .stack(.horizontal, alignItems: .start, children: [
                .node(a).style { $0.flexGrow = 1; $0.flexShrink = 1 },
                .node(b).style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ])
        }, in: exactly(300, 20))
        #expect(frames.map(\.width) == [150, 150])
        #expect(a.askedWidths == [.infinity, 150] && b.askedWidths == [.infinity, 150])
    }

    @Test func flexShrinkSharesTheOverflowBySizeAndFactor() {
        // 150 + 50 = 200 in 150: 50 too much. Weights shrink x size: 150 and 50; so
        // the first gives up 37.5 and the second 12.5.
        let (a, b) = (SizedNode(150, 20), SizedNode(50, 20))
        let fixed = SizedNode(30, 20)
        let (size, frames, _) = resolve({ _ in
            .stack(.horizontal, alignItems: .start, children: [
                .node(a).style { $0.flexShrink = 1 }, .node(b).style { $0.flexShrink = 1 }, .node(fixed),
            ])
        }, in: upTo(180, 20))
        #expect(size.width == 180)
        #expect(frames.map(\.width) == [112.5, 37.5, 30])
    }

    @Test func aWrappingStackStartsNewLinesLineSpacingApart() {
        let nodes = (0 ..< 4).map { SizedNode(50, 20, name: "\($0)") }
        let (size, frames, _) = resolve({ _ in
            .stack(.horizontal, spacing: 10, alignItems: .start, flexWrap: .wrap, lineSpacing: 5,
                   children: nodes.map { .node($0) })
        }, in: upTo(120, 500))
        #expect(frames.map(\.origin) == [
            CGPoint(x: 0, y: 0), CGPoint(x: 60, y: 0), CGPoint(x: 0, y: 25), CGPoint(x: 60, y: 25),
        ])
        #expect(size == CGSize(width: 110, height: 45))
    }

    @Test func spacingBeforeAndAfterAddToTheStacksSpacing() {
        let (a, b) = (SizedNode(10, 10), SizedNode(10, 10))
        let (_, frames, _) = resolve({ _ in
            .stack(.vertical, spacing: 2, alignItems: .start, children: [
                .node(a).style { $0.spacingAfter = 3 }, .node(b).style { $0.spacingBefore = 5 },
            ])
        }, in: upTo(100, 100))
        #expect(frames.map(\.minY) == [0, 20])
    }

    @Test func insetsShrinkTheChildAndInfiniteInsetsPinToTheOtherEdge() {
        let child = SizedNode(30, 20)
        let (size, frames, _) = resolve({ _ in
            .inset(EdgeInsets(top: 10, left: 20, bottom: 30, right: 40), child: .node(child).style {
                $0.width = .fraction(1)
                $0.height = .fraction(1)
            })
        }, in: exactly(200, 100))
        #expect(size == CGSize(width: 200, height: 100))
        #expect(frames == [CGRect(x: 20, y: 10, width: 140, height: 60)])

        let pinned = SizedNode(30, 20)
        let (_, pinnedFrames, _) = resolve({ _ in
            .inset(EdgeInsets(top: .infinity, left: .infinity, bottom: 5, right: 5), child: .node(pinned))
        }, in: upTo(200, 100))
        #expect(pinnedFrames == [CGRect(x: 165, y: 75, width: 30, height: 20)])
    }

    @Test func overlaysAndBackgroundsTakeTheChildsSize() {
        let (child, over, under) = (SizedNode(100, 50), SizedNode(10, 10), SizedNode(10, 10))
        let (size, frames, node) = resolve({ _ in
            .background(.node(under), behind: .overlay(.node(over), on: .node(child)))
        }, in: upTo(300, 300))
        #expect(size == CGSize(width: 100, height: 50))
        // Drawing order: background, child, overlay.
        let order = node.layoutThatFits(upTo(300, 300)).children.map { ObjectIdentifier($0.node) }
        #expect(order == [under, child, over].map(ObjectIdentifier.init))
        #expect(frames.allSatisfy { $0 == CGRect(x: 0, y: 0, width: 100, height: 50) })
    }

    @Test func centeringPlacesTheChildInTheMiddleAndMinimumSizingShrinks() {
        let child = SizedNode(50, 50)
        let (size, frames, _) = resolve({ _ in .center(child: .node(child)) }, in: upTo(200, 200))
        #expect(size == CGSize(width: 200, height: 200) && frames == [CGRect(x: 75, y: 75, width: 50, height: 50)])
        let small = SizedNode(50, 50)
        let (shrunk, _, _) = resolve({ _ in .center(sizing: .minimumXY, child: .node(small)) }, in: upTo(200, 200))
        #expect(shrunk == CGSize(width: 50, height: 50))
        let endNode = SizedNode(20, 10)
        let (_, endFrames, _) = resolve({ _ in .relative(horizontal: .end, vertical: .start, child: .node(endNode)) },
                                       in: upTo(100, 40))
        #expect(endFrames == [CGRect(x: 80, y: 0, width: 20, height: 10)])
    }

    @Test func aRatioSpecSizesTheChildAtItsRatio() {
        let child = SizedNode(10, 10)
        let (size, frames, _) = resolve({ _ in .ratio(0.5, child: .node(child)) }, in: upTo(200, .infinity))
        #expect(size == CGSize(width: 200, height: 100) && frames == [CGRect(x: 0, y: 0, width: 200, height: 100)])
    }

    @Test func anAbsoluteSpecPlacesChildrenAtTheirPositions() {
        let (a, b) = (SizedNode(30, 30), SizedNode(10, 10))
        let (size, frames, _) = resolve({ _ in
            .absolute(sizing: .sizeToFit, children: [
                .node(a).style { $0.layoutPosition = CGPoint(x: 10, y: 20) },
                .node(b).style { $0.layoutPosition = CGPoint(x: 50, y: 5) },
            ])
        }, in: upTo(300, 300))
        #expect(size == CGSize(width: 60, height: 50))
        #expect(frames == [CGRect(x: 10, y: 20, width: 30, height: 30), CGRect(x: 50, y: 5, width: 10, height: 10)])
        let c = SizedNode(30, 30)
        let (filled, _, _) = resolve({ _ in .absolute(children: [.node(c)]) }, in: upTo(300, 200))
        #expect(filled == CGSize(width: 300, height: 200))
    }

    @Test func stylesResolveFractionsAndPreferredMinimumAndMaximumSizes() {
        let (a, b, c) = (SizedNode(10, 10), SizedNode(10, 10), SizedNode(500, 10))
        let (_, frames, _) = resolve({ _ in
            .stack(.vertical, alignItems: .start, children: [
                .node(a).style { $0.width = .fraction(0.5) },
                .node(b).style { $0.preferredSize = CGSize(width: 40, height: 30) },
                .wrapper(.node(c)).style { $0.maxWidth = .points(100) },
            ])
        }, in: upTo(300, 300))
        #expect(frames.map(\.size) == [
            CGSize(width: 150, height: 10), CGSize(width: 40, height: 30), CGSize(width: 100, height: 10),
        ])
    }

    @Test func badSpecsResolveWithTheBadPartsLeftOutAndSayWhy() throws {
        let child = SizedNode(10, 10, name: "child")
        let (size, frames, node) = resolve({ owner in
            .stack(.vertical, spacing: .nan, children: [
                .node(child),
                .node(child),
                .node(owner),
                .node(SizedNode(10, 10)).style { $0.width = .points(-5); $0.height = .fraction(2) },
            ])
        }, in: upTo(100, 100))
        #expect(frames.count == 2 && size.height == 20)
        let errors = node.layoutSpecErrors
        #expect(errors.contains(.nodeNamedTwice(node: "SizedNode 'child'", owner: "SpecNode")))
        #expect(errors.contains(.specNamesItsOwner(owner: "SpecNode")))
        #expect(errors.contains { if case .invalidValue(let property, _, _) = $0 { property == "spacing" } else { false } })
        #expect(errors.filter { if case .invalidDimension = $0 { true } else { false } }.count == 2)
        #expect("\(errors[0])".contains("the layout spec"))
    }

    @Test func aStyleChangedOnACopyLeavesTheOriginalAlone() {
        let node = SizedNode(10, 10)
        let original = LayoutSpec.node(node).style { $0.flexGrow = 1 }
        var copy = original
        copy.style.flexGrow = 2
        copy.style.width = .points(30)
        #expect(original.style.flexGrow == 1 && original.style.width == .auto)
        #expect(copy.style.flexGrow == 2 && copy.style.width == .points(30))
    }

    @Test func aLargeSpecWithARepeatedNodeResolvesEveryOtherNode() throws {
        // 300 nodes: past the few the resolver keeps on the stack and the 32 it
        // compares one by one before hashing. The last names the first again.
        let nodes = (0 ..< 300).map { SizedNode(1, 2, name: "\($0)") }
        let (size, frames, owner) = resolve({ _ in
            .stack(.vertical, children: nodes.map { .node($0) } + [.node(nodes[0])])
        }, in: upTo(100, .infinity))
        #expect(frames.count == 300 && size.height == 600)
        #expect(frames.enumerated().allSatisfy { $1.minY == CGFloat($0 * 2) })
        #expect(owner.layoutSpecErrors == [.nodeNamedTwice(node: "SizedNode '0'", owner: "SpecNode")])
    }

    @Test func aBadValueIsReportedOnceThoughItsElementIsMeasuredAgain() throws {
        // Growing and stretching measure the child twice more; the error stays one.
        let (size, frames, node) = resolve({ _ in
            .stack(.horizontal, children: [
                .node(SizedNode(10, 10)).style { $0.minHeight = .fraction(3); $0.flexGrow = 1 },
            ])
        }, in: try SizeRange(min: CGSize(width: 100, height: 40), max: CGSize(width: 100, height: 40)))
        #expect(size == CGSize(width: 100, height: 40) && frames == [CGRect(x: 0, y: 0, width: 100, height: 40)])
        #expect(node.layoutSpecErrors == [.invalidDimension(property: "minHeight", node: "SizedNode")])
    }

    @Test(arguments: 0 ..< 20)
    func randomStacksKeepTheirChildrenInOrderAndInsideTheirBounds(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 1 ... 8, using: &random)
        var nodes: [SizedNode] = []
        for _ in 0 ..< count {
            let width = CGFloat(Int.random(in: 0 ... 40, using: &random))
            let height = CGFloat(Int.random(in: 0 ... 40, using: &random))
            nodes.append(SizedNode(width, height))
        }
        let specs: [LayoutSpec] = nodes.map { node in LayoutSpec.node(node).style { $0.flexShrink = 1 } }
        let horizontal = Bool.random(using: &random)
        let justify = [StackLayout.Justify.start, .center, .end, .spaceBetween, .spaceAround].randomElement(using: &random)!
        let align = [StackLayout.Align.start, .center, .end, .stretch].randomElement(using: &random)!
        let spacing = CGFloat(Int.random(in: 0 ... 10, using: &random))
        let (size, frames, _) = resolve({ _ in
            .stack(horizontal ? .horizontal : .vertical, spacing: spacing, justifyContent: justify,
                   alignItems: align, children: specs)
        }, in: upTo(400, 400))
        let bounds = CGRect(origin: .zero, size: size)
        #expect(frames.count == count)
        let allowed = bounds.insetBy(dx: -0.001, dy: -0.001)
        for (index, frame) in frames.enumerated() {
            #expect(allowed.contains(frame), "\(frame) outside \(bounds)")
            guard index > 0 else { continue }
            let previous = frames[index - 1]
            let inOrder = horizontal ? frame.minX >= previous.maxX - 0.001 : frame.minY >= previous.maxY - 0.001
            #expect(inOrder, "\(previous) then \(frame)")
        }
    }

    /// What a random tree promises, gathered while it is built.
    struct TreePromises {
        var leaves: [SizedNode] = []
        /// Leaves that are direct children of one stack, in order, and whether it is horizontal.
        var stackRuns: [([ObjectIdentifier], Bool)] = []
        /// A leaf and the leaf layered on it, and whether that one is an overlay (above).
        var layers: [(ObjectIdentifier, ObjectIdentifier, Bool)] = []
    }

    /// A random tree of every spec kind, `depth` levels at most, that may not
    /// overflow a cell 2000 points wide: its leaves are small, only leaves get an
    /// exact size (as a layered extra or in a ratio) that a spec's children could
    /// not shrink to, and no ratio is inside a horizontal stack, where only its
    /// height is bounded and Texture's rule lets it take a width from that.
    static func randomTree(
        depth: Int, underRow: Bool = false, random: inout SplitMix64, promises: inout TreePromises
    ) -> LayoutSpec {
        func leaf() -> (LayoutSpec, ObjectIdentifier) {
            let node = SizedNode(CGFloat(Int.random(in: 0 ... 40, using: &random)),
                                 CGFloat(Int.random(in: 0 ... 40, using: &random)))
            promises.leaves.append(node)
            return (.node(node), ObjectIdentifier(node))
        }
        func child(underRow: Bool = underRow) -> (LayoutSpec, ObjectIdentifier?) {
            if depth == 0 || Int.random(in: 0 ..< 3, using: &random) == 0 { return leaf() }
            return (randomTree(depth: depth - 1, underRow: underRow, random: &random, promises: &promises), nil)
        }
        let inset = { (random: inout SplitMix64) in CGFloat(Int.random(in: 0 ... 8, using: &random)) }
        switch Int.random(in: 0 ..< 9, using: &random) {
        case 0, 1:
            let horizontal = Bool.random(using: &random)
            let children = (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in child(underRow: underRow || horizontal) }
            if children.allSatisfy({ $0.1 != nil }) { promises.stackRuns.append((children.map { $0.1! }, horizontal)) }
            return .stack(
                horizontal ? .horizontal : .vertical, spacing: CGFloat(Int.random(in: 0 ... 6, using: &random)),
                justifyContent: [.start, .center, .end, .spaceBetween, .spaceAround].randomElement(using: &random)!,
                alignItems: [.start, .center, .end, .stretch].randomElement(using: &random)!,
                children: children.map(\.0))
        case 2:
            let insets = EdgeInsets(top: inset(&random), left: inset(&random), bottom: inset(&random), right: inset(&random))
            return .inset(insets, child: child().0)
        case 3, 4:
            // The extra element is laid out at exactly the base's size: a leaf
            // takes any size, where a spec's children may not shrink (and may
            // overflow, as Texture allows).
            let (base, baseLeaf) = child()
            let (extra, extraLeaf) = leaf()
            let isOverlay = Bool.random(using: &random)
            if let baseLeaf { promises.layers.append((baseLeaf, extraLeaf, isOverlay)) }
            return isOverlay ? .overlay(extra, on: base) : .background(extra, behind: base)
        case 5:
            return .center([.x, .y, .xy].randomElement(using: &random)!, child: child().0)
        case 6 where !underRow:
            // Like a layered extra, a ratio's child gets one exact size: a leaf takes it.
            return .ratio([0.5, 1, 9.0 / 16].randomElement(using: &random)!, child: leaf().0)
        case 7:
            let children = (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in
                child().0.style {
                    $0.layoutPosition = CGPoint(x: Int.random(in: 0 ... 50, using: &random), y: Int.random(in: 0 ... 50, using: &random))
                }
            }
            return .absolute(sizing: Bool.random(using: &random) ? .sizeToFit : .default, children: children)
        default:
            return .wrapper(child().0)
        }
    }

    @Test(arguments: 0 ..< 200)
    func randomTreesOfEveryKindPlaceEachNodeOnceInsideTheirBounds(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var promises = TreePromises()
        let spec = Self.randomTree(depth: 3, random: &random, promises: &promises)
        // A cell's range: the width fixed at most, the height open.
        let (size, _, node) = resolve({ _ in spec }, in: upTo(2000, .infinity))
        let layout = node.layoutThatFits(upTo(2000, .infinity))
        #expect(node.layoutSpecErrors.isEmpty)
        // Each node once: a background comes before its child, so the order is not the tree's.
        #expect(layout.children.count == promises.leaves.count)
        #expect(Set(layout.children.map { ObjectIdentifier($0.node) }) == Set(promises.leaves.map(ObjectIdentifier.init)))
        let bounds = CGRect(origin: .zero, size: size).insetBy(dx: -0.001, dy: -0.001)
        var frames: [ObjectIdentifier: CGRect] = [:]
        var order: [ObjectIdentifier: Int] = [:]
        for (index, child) in layout.children.enumerated() {
            #expect(bounds.contains(child.frame), "\(child.frame) outside \(size)")
            frames[ObjectIdentifier(child.node)] = child.frame
            order[ObjectIdentifier(child.node)] = index
        }
        for (run, horizontal) in promises.stackRuns {
            for (previous, next) in zip(run, run.dropFirst()) {
                let (a, b) = (frames[previous]!, frames[next]!)
                #expect(horizontal ? b.minX >= a.maxX - 0.001 : b.minY >= a.maxY - 0.001, "\(a) then \(b)")
            }
        }
        for (base, extra, isOverlay) in promises.layers {
            #expect(frames[base]!.size == frames[extra]!.size)
            #expect(isOverlay ? order[extra]! > order[base]! : order[extra]! < order[base]!)
        }
    }

    @Test func automaticSubnodesFollowTheSpec() throws {
        let (title, photo, badge) = (SizedNode(100, 20), SizedNode(100, 60), SizedNode(20, 20))
        let showsBadge = PosixMutex(false)
        let cell = SpecNode { _ in
            .stack(.vertical, children: [.node(title), .node(showsBadge.withLock { $0 } ? badge : photo)])
        }
        cell.automaticallyManagesSubnodes = true
        _ = cell.layoutThatFits(upTo(320, 500))
        #expect(cell.subnodes.map(ObjectIdentifier.init) == [title, photo].map(ObjectIdentifier.init))
        showsBadge.withLock { $0 = true }
        cell.invalidateCalculatedLayout()
        _ = cell.layoutThatFits(upTo(320, 500))
        #expect(cell.subnodes.map(ObjectIdentifier.init) == [title, badge].map(ObjectIdentifier.init))
        #expect(photo.supernode == nil)
    }

    /// Reliability round 3, F5: a spec that shares its subtrees names 2^32
    /// elements in 32 specs; counting them overflowed Int32 and trapped. The
    /// count saturates, and a spec past the limit resolves to nothing with an error.
    @Test func aSpecOfBillionsOfSharedElementsIsRefusedNotTrapped() {
        let leaf = SizedNode(10, 10)
        let (size, frames, node) = resolve({ _ in
            var spec = LayoutSpec.stack(.vertical, children: [.node(leaf)])
            for _ in 0 ..< 31 { spec = .stack(.vertical, children: [spec, spec]) }
            return spec
        }, in: upTo(320, 1_000))
        #expect(size == .zero && frames.isEmpty)
        #expect(node.layoutSpecErrors == [.tooManyElements(
            elements: Int(Int32.max), limit: LayoutSpec.elementLimit, owner: node.description)])
        // A small spec still resolves.
        let (_, small, _) = resolve({ _ in .stack(.vertical, children: [.node(leaf)]) }, in: upTo(320, 1_000))
        #expect(small.count == 1)
    }

    /// Reliability round 3, F3: two nodes whose specs name each other recursed
    /// until the stack overflowed (a node naming itself was caught; a cycle of
    /// two was not). The inner occurrence lays out at its smallest size and the
    /// outer one reports the cycle.
    @Test func twoNodesWhoseSpecsNameEachOtherAreACycleNotARecursion() {
        final class Box: @unchecked Sendable { var node: SpecNode? }
        let other = Box()
        let first = SpecNode { _ in .stack(.vertical, children: [.node(other.node!)]) }
        let second = SpecNode { _ in .stack(.vertical, children: [.node(first)]) }
        other.node = second
        let layout = first.layoutThatFits(upTo(320, 1_000))
        #expect(layout.size.width <= 320)
        #expect(first.layoutSpecErrors.contains(.specCycle(owner: first.description)))
        // A fresh resolution on this thread is not taken for a cycle.
        let plain = SpecNode { _ in .stack(.vertical, children: [.node(SizedNode(10, 10))]) }
        _ = plain.layoutThatFits(upTo(320, 1_000))
        #expect(plain.layoutSpecErrors.isEmpty)
    }

    /// Reliability round 3, F4: a spec nested 4,000 levels (debug) or 20,000
    /// (release) overflowed the stack when resolved, and one 70,000 deep when
    /// merely released. A spec stops growing at ``LayoutSpec/depthLimit``: the
    /// levels past it drop what they hold as they are built, and the spec resolves
    /// to nothing with a typed error.
    @Test func aSpecAMillionLevelsDeepIsRefusedAndReleasedWithoutOverflowingTheStack() {
        let leaf = SizedNode(10, 10)
        let (size, frames, node) = resolve({ _ in
            var spec = LayoutSpec.node(leaf)
            for _ in 0 ..< 1_000_000 { spec = .wrapper(spec) }
            return spec
        }, in: upTo(320, 1_000))
        #expect(size == .zero && frames.isEmpty)
        #expect(node.layoutSpecErrors == [.tooDeep(limit: LayoutSpec.depthLimit, owner: node.description)])
        // Dropped without being laid out: released level by level as it was built.
        var dropped = LayoutSpec.stack(.vertical, children: [])
        for _ in 0 ..< 1_000_000 { dropped = .stack(.vertical, children: [dropped]) }
        _ = consume dropped
    }

    /// F4's limit itself: a spec exactly ``LayoutSpec/depthLimit`` levels deep
    /// lays out, in a debug build, on a Dispatch worker (where the pipeline
    /// measures, on a smaller stack than main's).
    @Test func aSpecAtTheDepthLimitLaysOutOnAWorkerThread() async {
        let leaf = SizedNode(10, 10)
        let node = SpecNode { _ in
            var spec = LayoutSpec.node(leaf)
            for _ in 1 ..< LayoutSpec.depthLimit { spec = .inset(EdgeInsets(top: 0), child: spec) }
            return spec
        }
        let range = upTo(320, 1_000)
        let frames = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: node.layoutThatFits(range).children.map(\.frame)) }
        }
        #expect(frames == [CGRect(x: 0, y: 0, width: 10, height: 10)])
        #expect(node.layoutSpecErrors.isEmpty)
    }

    /// Reliability round 3, F16: finite values that sum past the largest double
    /// (a spacing of `.greatestFiniteMagnitude`) gave infinite frames with no
    /// error. Such a spec places nothing and says why.
    @Test func aSpecWhoseFramesSumPastTheLargestNumberPlacesNothing() {
        let (size, frames, node) = resolve({ _ in
            .stack(.vertical, spacing: .greatestFiniteMagnitude,
                   children: [.node(SizedNode(10, 10)), .node(SizedNode(10, 10)), .node(SizedNode(10, 10))])
        }, in: upTo(320, .infinity))
        #expect(size == .zero && frames.isEmpty)
        #expect(node.layoutSpecErrors == [.frameBeyondLimit(limit: Double(SizeRange.maximumLength), owner: node.description)])
    }

    /// F16's other half: a node that measures `.greatestFiniteMagnitude` takes
    /// ``SizeRange/maximumLength``, so sizes summed over any number of items stay finite.
    @Test func aNodeMeasuringTheLargestNumberTakesTheMaximumLength() throws {
        let node = SizedNode(.greatestFiniteMagnitude, .greatestFiniteMagnitude)
        let size = node.layoutThatFits(upTo(.infinity, .infinity)).size
        #expect(size == CGSize(width: SizeRange.maximumLength, height: SizeRange.maximumLength))
        #expect(throws: GeometryError.minimumBeyondLimit("min.height", 1e300, limit: Double(SizeRange.maximumLength))) {
            try SizeRange(min: CGSize(width: 0, height: 1e300), max: CGSize(width: 10, height: CGFloat.infinity))
        }
    }
}
