import Testing
import WeftReusePool

/// Which closures run when a view is reconfigured (ComponentKit's attribute tests).
@MainActor
@Suite struct AttributeApplicationTests {
    let root = HeadlessView()
    let map: ReusePoolMap
    let log = EventLog()

    init() {
        map = ReusePoolMap(container: root)
    }

    private func counted(_ identifier: AttributeIdentifier, _ value: Int) -> ViewAttribute {
        let log = self.log
        return ViewAttribute(identifier, value: value) { (_: LabelView, value) in
            log.events.append("apply \(identifier) \(value)")
        }
    }

    private func mountOnce(_ attributes: ViewAttribute...) throws -> any ReusableView {
        let configuration = try ViewConfiguration(labelClass(), attributes: attributes)
        return try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
    }

    @Test func anUnchangedValueIsNotAppliedAgain() throws {
        _ = try mountOnce(counted("a", 1), counted("b", 1))
        #expect(log.take() == ["apply a 1", "apply b 1"])
        _ = try mountOnce(counted("a", 1), counted("b", 1))
        #expect(log.take().isEmpty)
        _ = try mountOnce(counted("a", 1), counted("b", 2))
        #expect(log.take() == ["apply b 2"])
    }

    @Test func aChangedValueNeitherHidesNorMovesTheView() throws {
        let watched = ViewClass(LabelView.self,
                                didEnterReusePool: { [log] _ in log.events.append("enter") },
                                willLeaveReusePool: { [log] _ in log.events.append("leave") })
        var views: [any ReusableView] = []
        for color in ["red", "blue", "green"] {
            let configuration = try ViewConfiguration(watched, attributes: [Attributes.background(color)])
            views.append(try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) })
        }
        #expect(views.allSatisfy { $0 === views[0] })
        #expect(log.events.isEmpty)
        #expect((views[0] as? LabelView)?.colorName == "green")
    }

    @Test func anAttributeTheNewConfigurationLacksIsUnapplied() throws {
        let view = try mountOnce(Attributes.removableBackground("red", log: log), Attributes.text("t"))
        _ = try mountOnce(Attributes.text("t"))
        #expect(log.take() == ["apply red", "unapply red"])
        #expect((view as? LabelView)?.colorName == nil)
    }

    @Test func anUpdaterRunsInsteadOfTheApplicator() throws {
        let log = self.log
        func progress(_ value: Int) -> ViewAttribute {
            ViewAttribute("progress", value: value,
                          apply: { (_: LabelView, value) in log.events.append("apply \(value)") },
                          update: { (_: LabelView, old, new) in log.events.append("update \(old)->\(new)") })
        }
        _ = try mountOnce(progress(1))
        _ = try mountOnce(progress(2))
        _ = try mountOnce(progress(2))
        #expect(log.events == ["apply 1", "update 1->2"])
    }

    @Test func withAnUpdaterAChangedValueIsUpdatedNotUnapplied() throws {
        let log = self.log
        func badge(_ value: String) -> ViewAttribute {
            ViewAttribute("badge", value: value,
                          apply: { (_: LabelView, value) in log.events.append("apply \(value)") },
                          unapply: { (_: LabelView, value) in log.events.append("unapply \(value)") },
                          update: { (_: LabelView, old, new) in log.events.append("update \(old)->\(new)") })
        }
        _ = try mountOnce(badge("1"))
        _ = try mountOnce(badge("2"))
        _ = try mountOnce()
        #expect(log.events == ["apply 1", "update 1->2", "unapply 2"])
    }

    @Test func withoutAnUpdaterAChangedRemovableValueIsUnappliedThenApplied() throws {
        _ = try mountOnce(Attributes.removableBackground("red", log: log))
        _ = try mountOnce(Attributes.removableBackground("blue", log: log))
        #expect(log.events == ["apply red", "unapply red", "apply blue"])
    }

    /// One identifier, two value types: nothing compares equal and no updater fits, so
    /// the old value is unapplied and the new one applied.
    @Test func aValueOfAnotherTypeIsTreatedAsChanged() throws {
        let log = self.log
        let asText = ViewAttribute("size", value: "10",
                                   apply: { (_: LabelView, value) in log.events.append("apply text \(value)") },
                                   unapply: { (_: LabelView, value) in log.events.append("unapply text \(value)") },
                                   update: { (_: LabelView, _, _) in log.events.append("update text") })
        let asNumber = ViewAttribute("size", value: 10,
                                     apply: { (_: LabelView, value) in log.events.append("apply number \(value)") },
                                     unapply: { (_: LabelView, value) in log.events.append("unapply number \(value)") },
                                     update: { (_: LabelView, _, _) in log.events.append("update number") })
        _ = try mountOnce(asText)
        _ = try mountOnce(asNumber)
        #expect(log.events == ["apply text 10", "unapply text 10", "apply number 10"])
        #expect(!asText.isEquivalent(to: asNumber))
    }

    @Test func aNewViewGetsEveryAttribute() throws {
        let view = try #require(try mountOnce(Attributes.text("t"), Attributes.background("red"), Attributes.alpha(0.25)) as? LabelView)
        #expect(view.text == "t")
        #expect(view.colorName == "red")
        #expect(view.alpha == 0.25)
    }
}

/// Shapes, keys and configurations as values.
@MainActor
@Suite struct ViewConfigurationTests {
    @Test func theShapeIsTheSortedIdentifiersOfAttributesWithoutAnUnapplicator() throws {
        let one = try label(Attributes.text("a"), Attributes.background("red"), Attributes.removableBackground("x"))
        let other = try label(Attributes.background("blue"), Attributes.text("b"))
        #expect(one.shape == other.shape)
        #expect(Set(one.shape.identifiers) == ["text", "backgroundColor"])
        #expect(one.shape == AttributeShape(["backgroundColor", "text", "text"]))
        #expect(try label(Attributes.removableBackground("x")).shape == .empty)
        #expect(try label(Attributes.text("a")).shape != one.shape)
    }

    @Test func keysCombineComponentTypeViewClassAndShape() throws {
        let configuration = try label(Attributes.text("a"))
        let key = ViewKey(component: ComponentID(LabelComponent.self, instance: 4), configuration: configuration)
        #expect(key == ViewKey(component: ComponentID(LabelComponent.self), configuration: try label(Attributes.text("b"))))
        #expect(key != ViewKey(component: ComponentID(ImageComponent.self), configuration: configuration))
        #expect(key != ViewKey(component: ComponentID(LabelComponent.self), configuration: try label()))
        let factoryMade = try ViewConfiguration(ViewClass(LabelView.self, factoryIdentifier: "styled", make: { LabelView() }),
                                                attributes: [Attributes.text("a")])
        #expect(key != ViewKey(component: ComponentID(LabelComponent.self), configuration: factoryMade))
    }

    @Test func aConfigurationRefusesTwoAttributesWithOneIdentifier() throws {
        let viewClass = labelClass()
        #expect(throws: ViewConfigurationError.duplicateAttribute("text", viewClass: viewClass.identifier)) {
            try ViewConfiguration(viewClass, attributes: [Attributes.text("a"), Attributes.alpha(1), Attributes.text("b")])
        }
    }

    @Test func aConfigurationRefusesAnAttributeForAnotherViewType() throws {
        let plain = ViewClass(HeadlessView.self)
        // `alpha` takes any HeadlessView; `text` needs a LabelView.
        _ = try ViewConfiguration(plain, attributes: [Attributes.alpha(1)])
        let error = #expect(throws: ViewConfigurationError.self) {
            try ViewConfiguration(plain, attributes: [Attributes.alpha(1), Attributes.text("a")])
        }
        #expect(error == .attributeNotApplicable("text", viewClass: plain.identifier))
        #expect(error.map { "\($0)" }?.contains("'text'") == true)
    }

    @Test func configurationsCompareByViewClassAndAttributeValues() throws {
        #expect(try label(Attributes.text("a"), Attributes.alpha(1)) == label(Attributes.alpha(1), Attributes.text("a")))
        #expect(try label(Attributes.text("a")) != label(Attributes.text("b")))
        #expect(try label(Attributes.text("a")) != ViewConfiguration(ViewClass(LabelView.self, factoryIdentifier: "f", make: { LabelView() }),
                                                                     attributes: [Attributes.text("a")]))
        #expect(try label(Attributes.text("a")).description.contains("text=a"))
    }

    @Test func identifiersAreInternedByName() {
        let first = AttributeIdentifier("interned-\(#line)")
        #expect(first == AttributeIdentifier(first.name))
        #expect(first != AttributeIdentifier("\(first.name)-other"))
    }
}
