import CX11
import MarqueeIO

/// Decides when frames are drawn: the X Present extension's vblank notifications where the
/// server has it, an absolute-deadline timer at the refresh rate where it does not.
///
/// The ticker asks for frames with `requestFrame()` while something moves; the pacer calls
/// `onFrame(counter, time)` once per refresh with the vblank counter and time the frame will be
/// shown at, and the ticker draws that frame and says so with `frameDrawn(counter:)`. After
/// `stop()` nothing is scheduled at all: no notifications, no timers.
protocol FramePacer: FrameRequester {
    var onFrame: (_ counter: UInt64, _ time: Double) -> Void { get set }
    var period: Double { get }
    /// The frame for vblank `counter` is in the window: the next one is asked for after it.
    func frameDrawn(counter: UInt64)
    /// Whether frames can be handed over as pixmaps the server copies at their vblank.
    var presentsPixmaps: Bool { get }
    /// The frame for vblank `counter` is in `pixmap`, whose column `-xOffset` is the window's
    /// first: the server copies it into the window at that vblank, and its completion starts
    /// the next frame.
    func present(_ pixmap: Pixmap, xOffset: Int, counter: UInt64)
    /// Milliseconds the loop may sleep while this pacer waits for the server (-1: forever).
    var waitTimeout: Int32 { get }
    /// The loop woke by timeout: recover from a server that stopped sending completions.
    func timedOut()
    /// Handles the events the pacer reads apart from Xlib's queue; true when there were any (a
    /// frame they started may have requests to flush, and the flush may read more).
    func takeCompletions() -> Bool
}
