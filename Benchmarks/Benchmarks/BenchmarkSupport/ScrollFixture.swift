import Foundation
import WeftCore
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController

/// One scrolled frame's fixture: 100 sections of 100-point rows, a 1,000-point
/// viewport travelling 60 screens (600 items) around the middle and back, the
/// nodes there allocated and measured, as the data controller leaves them.
/// `texture: true` drives `TextureRangeModel` instead of Weft's `RangeController`.
@MainActor
public final class ScrollFixture {
    public static let sectionCount = 100
    public nonisolated static let itemLength: CGFloat = 100
    public static let screen: CGFloat = 1_000
    public nonisolated static let width: CGFloat = 320
    /// Items the viewport travels before turning back.
    public static let travel = 600

    private let controller: RangeController?
    private let model: TextureRangeModel?
    private let start: CGFloat
    private var offset: CGFloat
    private var down = true

    public init(size: Int, texture: Bool) {
        let perSection = size / Self.sectionCount
        let size = SizeRange.unconstrained
        let sections = (0 ..< Self.sectionCount).map { _ in
            (0 ..< perSection).map { _ in
                CollectionElement(nodeBlock: { RowNode() }, constrainedSize: size)
            }
        }
        let middle = Self.sectionCount / 2 * perSection
        // Measure the nodes of the travelled stretch and its ranges.
        for ordinal in middle - 100 ..< middle + Self.travel + 100 {
            let element = sections[ordinal / perSection][ordinal % perSection]
            _ = element.node.layoutThatFits(element.constrainedSize)
        }
        start = CGFloat(middle) * Self.itemLength
        offset = start
        if texture {
            model = TextureRangeModel(sections: sections, itemLength: Self.itemLength, width: Self.width)
            controller = nil
        } else {
            let controller = RangeController(layout: try! ListLayout(), scheduler: FrameDrivenScheduler())
            controller.isContainerVisible = true
            controller.setVisibleMap(try! ElementMap(sections: sections))
            controller.scrollViewWillBeginDragging()
            self.controller = controller
            model = nil
        }
        frame()
    }

    /// Moves the viewport by 1/60 of a screen and updates the ranges.
    public func frame() {
        let step = Self.screen / 60
        if down, offset + step > start + CGFloat(Self.travel) * Self.itemLength { down = false }
        if !down, offset - step < start { down = true }
        offset += down ? step : -step
        let bounds = CGRect(x: 0, y: offset, width: Self.width, height: Self.screen)
        if let controller {
            controller.scrollVelocity = CGPoint(x: 0, y: down ? 600 : -600)
            controller.viewport = bounds
            controller.updateIfNeeded()
        } else if let model {
            model.update(bounds: bounds, down: down)
        }
    }
}

/// A 100-point row.
public final class RowNode: CellNode, @unchecked Sendable {
    public override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        Layout(size: CGSize(width: ScrollFixture.width, height: ScrollFixture.itemLength))
    }
}
