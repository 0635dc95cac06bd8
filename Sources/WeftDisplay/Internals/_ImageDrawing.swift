import WeftCore
import WeftNode

/// An image node's drawing: the decoded image, or the request to decode it here.
struct _ImageDrawing: NodeDrawing {
    let decoded: Bitmap?
    let request: ImageNode.DecodeRequest
    let node: _Weak<ImageNode>

    func draw(in canvas: DrawingCanvas) {
        let image: Bitmap
        do throws(ImageError) {
            if let decoded { image = decoded } else { image = try request.decode(bytes: nil) }
        } catch {
            // The node shows nothing but its background, and says why.
            node.value?.finishDecode(.failure(error), generation: request.generation)
            return
        }
        guard !canvas.isCancelled else { return }
        image.withUnsafeBytes { source in
            let rows = min(image.pixelHeight, canvas.pixelHeight), columns = min(image.pixelWidth, canvas.pixelWidth)
            for row in 0 ..< rows {
                let from = source.baseAddress! + row * image.bytesPerRow
                let to = canvas.pixels + row * canvas.bytesPerRow
                // Source over: the canvas may hold the node's background.
                let src = from.assumingMemoryBound(to: UInt32.self), dst = to.assumingMemoryBound(to: UInt32.self)
                for column in 0 ..< columns {
                    dst[column] = Bitmap.sourceOver(src[column], dst[column])
                }
            }
        }
    }
}
