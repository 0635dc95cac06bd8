public import Foundation
public import WeftNode

/// A label: its size follows its text length, wrapped to the width it gets.
// Sendable as DisplayNode is: `length` never changes.
public final class LabelNode: DisplayNode, @unchecked Sendable {
    public let length: Int

    public init(length: Int) {
        self.length = length
        super.init()
    }

    override public func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let natural = CGFloat(length) * 7.5
        let width = min(natural, constrainedSize.width)
        return CGSize(width: width, height: width > 0 ? (natural / width).rounded(.up) * 18 : 0)
    }
}
