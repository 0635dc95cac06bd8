import Foundation
import Weft

/// A cell as wide as it is allowed (0 when unbounded) and a fixed length tall,
/// whatever that length is: zero, for the lazy-loading limit, or a masonry tile's.
final class FixedLengthCell: CellNode, @unchecked Sendable {
    let length: CGFloat

    init(length: CGFloat) {
        self.length = length
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width.isFinite ? constrainedSize.width : 0, height: length)
    }
}
