import CWaylandClient
import WaylandProtocols

/// A surface's fifo object (`wp_fifo_v1`): each commit made through it waits for the barrier the
/// commit before it set, and sets its own, so the compositor shows the commits one per refresh, in
/// order, and a batch of them can be handed over at once. Queued commits cannot be taken back:
/// the caller queues only while no input can come that must show at once. Made and destroyed
/// here, one per surface.
final class FifoBarrier {
    private let fifo: OpaquePointer

    /// Nil where the compositor offers no fifo.
    init?(display: WaylandDisplay, surface: OpaquePointer) {
        guard let manager = display.fifoManager, let fifo = wp_fifo_manager_v1_get_fifo(manager, surface) else { return nil }
        self.fifo = fifo
    }

    deinit { wp_fifo_v1_destroy(fifo) }

    /// The next commit is shown no earlier than the refresh after the one that shows the commit
    /// before it.
    func followPrevious() {
        wp_fifo_v1_wait_barrier(fifo)
        wp_fifo_v1_set_barrier(fifo)
    }
}
