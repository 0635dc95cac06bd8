import Testing
import WeftReusePool
import WeftTestSupport
import WeftCore

/// Random passes over two levels of containers, checked against what each pass vended:
/// exactly the vended views are visible, in vend order, with their attributes.
@MainActor
@Suite struct RandomizedMountTests {
    struct Item {
        var configuration: Int
        var component: ComponentID
        var children: [Item]
    }

    let configurations: [ViewConfiguration]

    init() throws {
        var configurations: [ViewConfiguration] = []
        for index in 0 ..< 6 {
            var attributes = [Attributes.text("t\(index)")]
            if index % 3 == 1 { attributes.append(Attributes.background(index % 2 == 0 ? "red" : "blue")) }
            if index % 3 == 2 { attributes.append(Attributes.removableBackground("green")) }
            configurations.append(try ViewConfiguration(labelClass(), attributes: attributes))
        }
        self.configurations = configurations
    }

    private func randomItems(_ random: inout SplitMix64, depth: Int) -> [Item] {
        (0 ..< Int.random(in: 0 ... 8, using: &random)).map { _ in
            let type: Any.Type = Bool.random(using: &random) ? LabelComponent.self : ImageComponent.self
            let component = Bool.random(using: &random)
                ? ComponentID(type, instance: Int.random(in: 0 ..< 6, using: &random))
                : ComponentID(type)
            return Item(configuration: Int.random(in: 0 ..< configurations.count, using: &random),
                        component: component,
                        children: depth == 0 ? [] : randomItems(&random, depth: depth - 1))
        }
    }

    private func mount(_ items: [Item], in pass: MountPass) throws -> [(any ReusableView, [any ReusableView])] {
        try items.map { item in
            let view = try pass.view(for: configurations[item.configuration], component: item.component)
            let children = item.children.isEmpty
                ? []
                : try mount(item.children, in: pass.childPass(for: view)).map(\.0)
            return (view, children)
        }
    }

    private func check(_ items: [Item], vended: [(any ReusableView, [any ReusableView])], in container: HeadlessView) {
        #expect(same(container.visibleSubviews, vended.map(\.0)))
        for (item, (view, children)) in zip(items, vended) {
            guard let label = view as? LabelView else {
                Issue.record("vended \(type(of: view)), not a LabelView")
                continue
            }
            #expect(label.text == "t\(item.configuration)")
            #expect(label.colorName == expectedBackground(item.configuration))
            if !item.children.isEmpty {
                check(item.children, vended: children.map { ($0, []) }, in: label)
            } else {
                #expect(label.subviews.allSatisfy { $0.isHidden })
            }
        }
    }

    private func expectedBackground(_ configuration: Int) -> String? {
        switch configuration % 3 {
        case 1: configuration % 2 == 0 ? "red" : "blue"
        case 2: "green"
        default: nil
        }
    }

    @Test(arguments: [1, 2, 3, 27] as [UInt64])
    func randomPassesShowExactlyWhatWasVended(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let root = HeadlessView()
        let map = ReusePoolMap(container: root)
        for round in 0 ..< 150 {
            let items = randomItems(&random, depth: 1)
            let vended = try map.mount { try mount(items, in: $0) }
            check(items, vended: vended, in: root)
            let all = vended.flatMap { [$0.0] + $0.1 }
            #expect(Set(all.map { ObjectIdentifier($0) }).count == all.count)
            if round % 10 == 9 {
                try map.purge(keepingAtMost: Int.random(in: 0 ... 2, using: &random))
            }
            map._checkInvariants()
        }
    }
}
