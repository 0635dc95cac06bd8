// A team that links only WeftNode writes sizes and ranges with this one import, as
// it would with UIKit and Texture: the geometry types, and of WeftCore the types a
// node's API shows. The rest of WeftCore (queues, tracing, random numbers) is
// imported by name.
@_exported public import struct Foundation.CGFloat
@_exported public import struct Foundation.CGPoint
@_exported public import struct Foundation.CGRect
@_exported public import struct Foundation.CGSize
@_exported public import class WeftCore.Bitmap
@_exported public import enum WeftCore.BitmapError
@_exported public import struct WeftCore.Color
@_exported public import enum WeftCore.GeometryError
@_exported public import struct WeftCore.SizeRange
