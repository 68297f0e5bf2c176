import CX11

/// Window-sized pixmaps each frame is composed into before it is shown.
///
/// A pixmap handed to Present belongs to the server until its IdleNotify, so there are up to
/// three: one on screen, one queued, one being drawn.
final class BackBufferPool {
    static let maximumBuffers = 3
    private let connection: XConnection
    private var buffers: [(pixmap: Pixmap, busy: Bool)] = []
    private(set) var width: Int
    private(set) var height: Int

    init(connection: XConnection, width: Int, height: Int) {
        self.connection = connection
        self.width = width
        self.height = height
    }

    deinit { releaseAll() }

    /// An idle buffer of the current size, or nil when every buffer is still the server's.
    func acquire() -> Pixmap? {
        if let index = buffers.firstIndex(where: { !$0.busy }) { return buffers[index].pixmap }
        guard buffers.count < Self.maximumBuffers else { return nil }
        let pixmap = XCreatePixmap(connection.display, connection.root, UInt32(width), UInt32(height), UInt32(connection.depth))
        buffers.append((pixmap, false))
        return pixmap
    }

    func markBusy(_ pixmap: Pixmap) {
        if let index = buffers.firstIndex(where: { $0.pixmap == pixmap }) { buffers[index].busy = true }
    }

    func markIdle(_ pixmap: Pixmap) {
        if let index = buffers.firstIndex(where: { $0.pixmap == pixmap }) { buffers[index].busy = false }
    }

    /// New size: the old buffers are freed now. Freeing only drops our name for a pixmap; the
    /// server keeps one that is queued for presentation alive until it has been shown.
    func resize(width newWidth: Int, height newHeight: Int) {
        guard newWidth != width || newHeight != height else { return }
        releaseAll()
        width = newWidth
        height = newHeight
    }

    private func releaseAll() {
        for buffer in buffers { XFreePixmap(connection.display, buffer.pixmap) }
        buffers.removeAll()
    }
}
