import Foundation
import WeftCore
import WeftNode
import WeftTestSupport

/// Differential fuzzing of layout-spec resolution.
///
/// The input builds a random spec tree of every kind (stacks that wrap or not, insets,
/// overlays, backgrounds, centering, relative and ratio specs, absolute specs,
/// wrappers), with styles, deep chains past ``LayoutSpec/depthLimit``, wide stacks,
/// shared subtrees (some doubling past ``LayoutSpec/elementLimit``), nodes named twice,
/// the owner named in its own spec, nodes whose specs name the owner back (a cycle),
/// and extreme values everywhere: zero, huge, `.greatestFiniteMagnitude`, infinite,
/// NaN and negative sizes, spacings, insets, ratios and flex factors. A reference model
/// built beside the tree knows its depth, its element count and the nodes it names.
/// Checked:
/// - the layout's size is finite, within the range and within
///   ``SizeRange/maximumLength``; every child frame is finite, not negative in size,
///   and within that limit of the origin;
/// - a spec past the depth limit resolves to nothing with exactly
///   ``LayoutSpecError/tooDeep(limit:owner:)``, one past the element limit with exactly
///   ``LayoutSpecError/tooManyElements(elements:limit:owner:)``; a spec whose frames
///   run past the limit places nothing and says ``LayoutSpecError/frameBeyondLimit(limit:owner:)``;
/// - otherwise the layout places exactly the nodes the model names, each once, never
///   the owner;
/// - resolving the same spec again, on another thread, gives the same layout.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz LayoutSpec SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var random = FuzzRandom(UnsafeBufferPointer(start: data, count: size))
    var builder = TreeBuilder(random: random)
    let owner = FuzzOwner()
    builder.owner = owner
    let tree = builder.tree(levels: builder.random.int(0 ..< 7))
    let spec = builder.random.chance(16) ? builder.deepChain(around: tree) : tree
    random = builder.random
    guard let range = makeRange(&random) else { return 0 }
    owner.spec = spec.spec
    check(owner: owner, model: spec.model, range: range, nodes: builder.nodes)
    return 0
}

/// The node whose spec is fuzzed.
final class FuzzOwner: DisplayNode, @unchecked Sendable {
    // @unchecked Sendable: `spec` is set once, before the first layout.
    nonisolated(unsafe) var spec: LayoutSpec?
    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? { spec }
}

/// A leaf of a fixed size, which may be any number.
final class FuzzLeaf: DisplayNode, @unchecked Sendable {
    let wanted: CGSize
    init(_ wanted: CGSize) {
        self.wanted = wanted
        super.init()
    }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { wanted }
}

/// A node whose own spec names the fuzzed owner: a cycle across two nodes.
final class FuzzCycle: DisplayNode, @unchecked Sendable {
    weak var owner: DisplayNode?
    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        owner.map { .stack(.vertical, children: [.node($0)]) }
    }
}

/// What the reference knows of a spec: its depth, its element count (saturated past
/// the limit) and, while within the limit, the nodes it names in pre-order.
struct Model {
    var depth: Int
    var elements: Int
    var named: [ObjectIdentifier]

    static func leaf(_ node: DisplayNode) -> Model {
        Model(depth: 1, elements: 1, named: [ObjectIdentifier(node)])
    }

    static func parent(of children: [Model]) -> Model {
        let elements = children.reduce(1) { min($0 + $1.elements, LayoutSpec.elementLimit + 1) }
        let deepest = children.map(\.depth).max() ?? 0
        // A spec built on one at the limit keeps nothing (see LayoutSpec.depthLimit).
        guard deepest < LayoutSpec.depthLimit else { return Model(depth: LayoutSpec.depthLimit + 1, elements: 1, named: []) }
        return Model(
            depth: deepest + 1, elements: elements,
            named: elements > LayoutSpec.elementLimit ? [] : children.flatMap(\.named))
    }
}

struct Built {
    var spec: LayoutSpec
    var model: Model
}

struct TreeBuilder {
    var random: FuzzRandom
    weak var owner: DisplayNode?
    /// Every node made, alive until the check ends.
    var nodes: [DisplayNode] = []
    /// Subtrees built so far, to share.
    var pool: [Built] = []
    /// How many more specs this input may build, so that wide stacks inside wide
    /// stacks stay a few thousand specs (an input runs in milliseconds), not 300^6.
    var budget = 4_000

    init(random: FuzzRandom) { self.random = random }

    // Every extreme of the display path's numbers (reliability round 4): NaN, ±infinity,
    // ±10^300, ±greatestFiniteMagnitude, -1 and 0, among ordinary values.
    static let lengths: [CGFloat] = [0, 1, 10, 50, 320, 1e9, 1e12, 1e300, .greatestFiniteMagnitude, .infinity, .nan, -5,
                                     -1, -1e300, -.infinity]
    static let values: [CGFloat] = [0, 1, 8, -3, -1, 1e6, 1e300, -1e300, .greatestFiniteMagnitude,
                                    -.greatestFiniteMagnitude, .infinity, -.infinity, .nan]

    mutating func length() -> CGFloat { random.pick(Self.lengths) }
    mutating func value() -> CGFloat { random.chance(2) ? CGFloat(random.int(0 ..< 20)) : random.pick(Self.values) }

    mutating func dimension() -> LayoutDimension {
        switch random.int(0 ..< 4) {
        case 0: .points(length())
        case 1: .fraction(random.chance(3) ? value() : CGFloat(random.int(0 ..< 11)) / 10)
        default: .auto
        }
    }

    mutating func leaf() -> Built {
        switch random.int(0 ..< 12) {
        case 0 where owner != nil:
            // The owner in its own spec.
            return Built(spec: .node(owner!), model: .leaf(owner!))
        case 1 where !nodes.isEmpty:
            // A node named before: named twice.
            let node = random.pick(nodes)
            return Built(spec: .node(node), model: .leaf(node))
        case 2:
            let cycle = FuzzCycle()
            cycle.owner = owner
            nodes.append(cycle)
            return Built(spec: .node(cycle), model: .leaf(cycle))
        default:
            let node = FuzzLeaf(CGSize(width: length(), height: length()))
            nodes.append(node)
            return Built(spec: .node(node), model: .leaf(node))
        }
    }

    mutating func tree(levels: Int) -> Built {
        if !pool.isEmpty, random.chance(6) { return random.pick(pool) }
        if random.chance(48) { return doubled() }
        budget -= 1
        guard levels > 0, budget > 0, !random.chance(4) else { return styled(leaf()) }
        let count = min(random.chance(16) ? random.int(0 ..< 300) : random.int(0 ..< 5), budget)
        var children: [Built] = []
        for _ in 0 ..< max(count, 1) { children.append(tree(levels: levels - 1)) }
        let specs = children.map(\.spec)
        let spec: LayoutSpec
        var used = children
        switch random.int(0 ..< 9) {
        case 0:
            spec = .stack(
                random.chance(2) ? .vertical : .horizontal, spacing: value(),
                justifyContent: random.pick([.start, .center, .end, .spaceBetween, .spaceAround]),
                alignItems: random.pick([.start, .center, .end, .stretch]),
                flexWrap: random.chance(3) ? .wrap : .noWrap, lineSpacing: value(), children: specs)
        case 1:
            used = [children[0]]
            spec = .inset(EdgeInsets(top: value(), left: value(), bottom: value(), right: value()), child: specs[0])
        case 2:
            let overlay = tree(levels: 0)
            used = [children[0], overlay]
            spec = .overlay(overlay.spec, on: specs[0])
        case 3:
            let background = tree(levels: 0)
            used = [children[0], background]
            spec = .background(background.spec, behind: specs[0])
        case 4:
            used = [children[0]]
            spec = .center(random.pick([.x, .y, .xy]), child: specs[0])
        case 5:
            used = [children[0]]
            spec = .relative(horizontal: random.pick([.none, .start, .center, .end]),
                             vertical: random.pick([.none, .start, .center, .end]), child: specs[0])
        case 6:
            used = [children[0]]
            spec = .ratio(value(), child: specs[0])
        case 7:
            spec = .absolute(sizing: random.chance(2) ? .default : .sizeToFit, children: specs)
        default:
            used = [children[0]]
            spec = .wrapper(specs[0])
        }
        let built = styled(Built(spec: spec, model: .parent(of: used.map(\.model))))
        pool.append(built)
        return built
    }

    /// A subtree shared with itself, doubling: up to 2^24 elements in 24 specs.
    mutating func doubled() -> Built {
        var built = styled(leaf())
        for _ in 0 ..< random.int(1 ..< 25) {
            built = Built(spec: .stack(.vertical, children: [built.spec, built.spec]), model: .parent(of: [built.model, built.model]))
        }
        return built
    }

    /// `tree` inside a chain of wrappers and insets near the depth limit, on either side.
    mutating func deepChain(around tree: Built) -> Built {
        var built = tree
        let levels = LayoutSpec.depthLimit - 40 + random.int(0 ..< 80)
        for _ in 0 ..< levels {
            built = Built(
                spec: random.chance(2) ? .wrapper(built.spec) : .inset(EdgeInsets(all: 1), child: built.spec),
                model: .parent(of: [built.model]))
        }
        return built
    }

    mutating func styled(_ built: Built) -> Built {
        guard random.chance(3) else { return built }
        var spec = built.spec
        var style = LayoutStyle()
        style.width = dimension()
        style.height = dimension()
        if random.chance(2) {
            style.minWidth = dimension()
            style.minHeight = dimension()
            style.maxWidth = dimension()
            style.maxHeight = dimension()
        }
        style.flexGrow = value()
        style.flexShrink = value()
        style.flexBasis = dimension()
        style.alignSelf = random.pick([.auto, .start, .center, .end, .stretch])
        style.spacingBefore = value()
        style.spacingAfter = value()
        style.layoutPosition = CGPoint(x: value(), y: value())
        spec.style = style
        return Built(spec: spec, model: built.model)
    }
}

func makeRange(_ random: inout FuzzRandom) -> SizeRange? {
    let lows: [CGFloat] = [0, 0, 10, 320, 320, 1e12]
    let highs: [CGFloat] = [0, 320, 1_000, 1e12, .infinity, .infinity]
    let min = CGSize(width: random.pick(lows), height: random.pick(lows))
    var max = CGSize(width: random.pick(highs), height: random.pick(highs))
    // Mostly a range that holds its minimum; sometimes one refused.
    if !random.chance(8) {
        max = CGSize(width: Swift.max(max.width, min.width), height: Swift.max(max.height, min.height))
    }
    do {
        return try SizeRange(min: min, max: max)
    } catch {
        // Refused with a typed error, as promised; nothing to lay out.
        return nil
    }
}

func check(owner: FuzzOwner, model: Model, range: SizeRange, nodes: [DisplayNode]) {
    let layout = owner.layoutThatFits(range)
    let errors = owner.layoutSpecErrors
    let limit = SizeRange.maximumLength
    func fail(_ what: String) -> Never {
        fatalError("\(what)\nrange \(range), depth \(model.depth), elements \(model.elements), errors \(errors)")
    }
    let size = layout.size
    guard size.width.isFinite, size.height.isFinite, size.width <= limit, size.height <= limit,
          size.width >= range.min.width, size.height >= range.min.height,
          size.width <= range.max.width, size.height <= range.max.height
    else { fail("the size \(size) is not finite, not within the range or past the limit") }
    for child in layout.children {
        let frame = child.frame
        for coordinate in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
        where !coordinate.isFinite || abs(coordinate) > limit {
            fail("the frame \(frame) of \(child.node) is not finite or past the limit")
        }
        if frame.size.width < 0 || frame.size.height < 0 { fail("the frame \(frame) has a negative size") }
        if child.node === owner { fail("the owner is placed in its own layout") }
    }
    let placed = layout.children.map { ObjectIdentifier($0.node) }
    if Set(placed).count != placed.count { fail("a node is placed twice") }
    if model.depth > LayoutSpec.depthLimit {
        guard errors == [.tooDeep(limit: LayoutSpec.depthLimit, owner: owner.description)], placed.isEmpty, size == range.min
        else { fail("a spec \(model.depth) levels deep was not refused as too deep") }
    } else if model.elements > LayoutSpec.elementLimit {
        guard errors.count == 1, case .tooManyElements = errors[0], placed.isEmpty, size == range.min
        else { fail("a spec of over \(LayoutSpec.elementLimit) elements was not refused") }
    } else if errors.contains(where: { if case .frameBeyondLimit = $0 { true } else { false } }) {
        guard placed.isEmpty, size == range.min else { fail("a spec refused for its frames placed something") }
    } else {
        var seen = Set<ObjectIdentifier>()
        let expected = model.named.filter { $0 != ObjectIdentifier(owner) && seen.insert($0).inserted }
        guard Set(placed) == Set(expected), placed.count == expected.count else {
            fail("placed \(placed.count) nodes, the model names \(expected.count)")
        }
    }
    // The same spec again, on another thread, gives the same layout.
    owner.invalidateCalculatedLayout()
    let again = DispatchQueue.global().sync { owner.layoutThatFits(range) }
    guard again.size == layout.size,
          again.children.map({ ObjectIdentifier($0.node) }) == placed,
          zip(again.children, layout.children).allSatisfy({ $0.frame == $1.frame || ($0.frame.isNull && $1.frame.isNull) })
    else { fail("a second resolution differs") }
    // A cycle's node caches a layout naming the owner, whose layout names it: let
    // both go, or every input would leak its tree.
    owner.invalidateCalculatedLayout()
    for node in nodes { node.invalidateCalculatedLayout() }
    // The spec may name the owner, which holds it: let go of it too.
    owner.spec = nil
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `LayoutSpecFuzzer file...`.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzLayoutSpec($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
