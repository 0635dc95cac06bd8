import Testing
import WeftCore
import WeftReusePool

/// `ViewOptions` (Theodolite's helper, seed 004): the common attributes of a
/// headless view by name, and the seed's reuse scenario with them.
@MainActor
@Suite struct ViewOptionsTests {
    let root = HeadlessView()
    let map: ReusePoolMap

    init() {
        map = ReusePoolMap(container: root)
    }

    func mount(_ options: ViewOptions) throws -> HeadlessView {
        let configuration = try ViewConfiguration(ViewClass(HeadlessView.self), attributes: options.viewAttributes)
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        return try #require(view as? HeadlessView)
    }

    @Test func onlyTheOptionsGivenBecomeAttributesAndEachSetsItsProperty() throws {
        #expect(ViewOptions().viewAttributes.isEmpty)
        let options = ViewOptions(alpha: 0.5, backgroundColor: .black, clipsToBounds: true,
                                  isUserInteractionEnabled: false, accessibilityLabel: "Avatar")
        #expect(options.viewAttributes.map(\.identifier.name) == [
            "HeadlessView.alpha", "HeadlessView.backgroundColor", "HeadlessView.clipsToBounds",
            "HeadlessView.isUserInteractionEnabled", "HeadlessView.accessibilityLabel",
        ])
        let view = try mount(options)
        #expect(view.alpha == 0.5 && view.backgroundColor == .black && view.clipsToBounds)
        #expect(!view.isUserInteractionEnabled && view.accessibilityLabel == "Avatar")
    }

    /// The seed's scenario: a view configured red, then a component that sets only
    /// an alpha. Without shapes the red would leak into it; the shapes differ, so it
    /// gets a view of its own, and a later red-or-blue component reuses the first.
    @Test func aViewThatWasRedIsNeverHandedToAConfigurationWithoutAColour() throws {
        let red = try mount(ViewOptions(backgroundColor: Color(red: 1, green: 0, blue: 0)))
        let translucent = try mount(ViewOptions(alpha: 0.5))
        #expect(translucent !== red)
        #expect(translucent.backgroundColor == nil && translucent.alpha == 0.5)
        let blue = try mount(ViewOptions(backgroundColor: Color(red: 0, green: 0, blue: 1)))
        #expect(blue === red, "the same shape reuses the view, with only the colour applied")
        #expect(blue.backgroundColor == Color(red: 0, green: 0, blue: 1))
    }
}
