// A team that links only WeftNode writes sizes, ranges and release queues with
// this one import, as it would with UIKit and Texture.
@_exported public import struct Foundation.CGFloat
@_exported public import struct Foundation.CGPoint
@_exported public import struct Foundation.CGRect
@_exported public import struct Foundation.CGSize
@_exported public import WeftCore
