import WeftReusePool

/// Mount passes of 500 views into one container, and the naive peer that removes
/// every view and creates, configures and adds 500 new ones each time.
@MainActor
public final class MountFixture {
    public static let viewCount = 500

    let root = HeadlessView()
    let map: ReusePoolMap
    /// `configurations[set][row]`.
    let configurations: [[ViewConfiguration]]
    let components: [ComponentID]
    /// Vend orders, used in turn; each a permutation of the rows.
    let orders: [[Int]]
    /// The same rows as plain values, for the naive peer.
    let texts: [String]
    let backgrounds: [String?]
    let alphas: [Double?]
    private var passNumber = 0
    /// The naive peer's container of the last pass, released by the next one.
    private var naiveContainer = HeadlessView()

    /// A warm fixture: `orders` vend orders and `configurationSets` sets of
    /// configurations used in turn, every view created by four warm-up passes.
    public init(orders orderCount: Int, configurationSets: Int) {
        map = ReusePoolMap(container: root)
        let rows = 0 ..< Self.viewCount
        // Three shapes: plain, with a background, with an alpha.
        texts = rows.map { "row \($0)" }
        backgrounds = rows.map { $0 % 3 == 1 ? ($0 % 2 == 0 ? "red" : "blue") : nil }
        alphas = rows.map { $0 % 3 == 2 ? 0.5 : nil }

        let viewClass = ViewClass(BenchView.self)
        var configurations: [[ViewConfiguration]] = []
        for set in 0 ..< configurationSets {
            configurations.append(rows.map { [texts, backgrounds, alphas] row in
                var attributes = [ViewAttribute("text", value: "\(texts[row]) v\(set)") { (view: BenchView, text) in
                    view.text = text
                }]
                if let background = backgrounds[row] {
                    attributes.append(ViewAttribute("backgroundColor", value: background) { (view: BenchView, color) in
                        view.colorName = color
                    })
                }
                if let alpha = alphas[row] {
                    attributes.append(ViewAttribute("alpha", value: alpha) { (view: BenchView, alpha) in view.alpha = alpha })
                }
                do {
                    return try ViewConfiguration(viewClass, attributes: attributes)
                } catch {
                    fatalError("fixture configuration refused: \(error)")
                }
            })
        }
        self.configurations = configurations
        components = rows.map { ComponentID(MountRow.self, instance: $0) }
        var generator = SystemRandomNumberGenerator()
        orders = (0 ..< orderCount).map { order in
            order == 0 ? Array(rows) : Array(rows).shuffled(using: &generator)
        }
        // Warm up: create the views, then let every array and table reach its size.
        for _ in 0 ..< 4 { mountPass() }
    }

    /// Views created so far; a warm fixture has created ``viewCount`` and no more.
    public var viewsCreated: Int { map.statistics.viewsCreated }

    /// One mount pass of every row, in the next vend order with the next set
    /// of configurations.
    public func mountPass() {
        let configurations = self.configurations[passNumber % self.configurations.count]
        let order = orders[passNumber % orders.count]
        passNumber += 1
        do {
            try map.mount { pass in
                for row in order {
                    consumeOpaquely(try pass.view(for: configurations[row], component: components[row]))
                }
            }
        } catch {
            fatalError("mount pass failed: \(error)")
        }
    }

    /// The peer: drop the container with every view in it, then create a view per row,
    /// set its properties and add it to a new container. Dropping the container frees
    /// the old views in O(n), cheaper than removing them one by one.
    public func naivePass() {
        let container = HeadlessView()
        for row in 0 ..< Self.viewCount {
            let view = BenchView()
            view.text = texts[row]
            if let background = backgrounds[row] { view.colorName = background }
            if let alpha = alphas[row] { view.alpha = alpha }
            container.addSubview(view)
        }
        naiveContainer = container
    }
}
