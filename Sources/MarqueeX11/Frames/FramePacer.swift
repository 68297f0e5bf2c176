import CX11

/// Decides when frames are drawn and shows them: the X Present extension where the server has
/// it, an absolute-deadline timer at the refresh rate where it does not.
///
/// The ticker asks for frames with `requestFrame()` while something moves; the pacer calls
/// `onFrame(counter, time)` once per refresh with the vblank counter and time the frame will be
/// shown at, and the ticker answers with a frame (`present(_:counter:)` where `presentsBuffers`). After `stop()` nothing is scheduled
/// at all: no frame requests, no timers.
protocol FramePacer: AnyObject {
    var onFrame: (_ counter: UInt64, _ time: Double) -> Void { get set }
    /// Called when a back buffer becomes idle again.
    var onBufferIdle: (Pixmap) -> Void { get set }
    var period: Double { get }
    var isActive: Bool { get }
    func requestFrame()
    func stop()
    /// True when frames are handed to the server as pixmaps (`present`); false when the caller
    /// copies each frame to the window itself.
    var presentsBuffers: Bool { get }
    /// Shows `buffer` at vblank `counter`; `onBufferIdle` says when it may be drawn into again.
    func present(_ buffer: Pixmap, counter: UInt64)
    /// No frame this time (every back buffer is still the server's): call again next refresh.
    func skipFrame()
    /// Milliseconds the loop may sleep while this pacer waits for the server (-1: forever).
    var waitTimeout: Int32 { get }
    /// The loop woke by timeout: recover from a server that stopped sending completions.
    func timedOut()
    /// Offers an X event; true when it was this pacer's.
    func handle(_ event: inout XEvent) -> Bool
}
