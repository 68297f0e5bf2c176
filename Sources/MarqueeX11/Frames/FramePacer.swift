import CX11
import MarqueeIO
import TickerDriver

/// Decides when frames are drawn: the X Present extension's vblank notifications where the
/// server has it, an absolute-deadline timer at the refresh rate where it does not.
///
/// The driver asks for frames with `requestFrame()` while something moves; the pacer posts a
/// `.frame` event once per refresh with the vblank counter and time the frame will be shown at.
/// After `stop()` nothing is scheduled at all: no notifications, no timers.
protocol FramePacer: AnyObject {
    var isActive: Bool { get }
    /// The refresh period in seconds, as measured so far.
    var period: Double { get }
    /// Frames from now on, one per refresh, until `stop()`.
    func requestFrame()
    func stop()
    /// The first vblank after `time` for frames planned again at once, replacing those queued
    /// for it and after; nil where frames are not queued ahead.
    func nextFrame(after time: Double) -> FrameTime?
    /// The frames for vblanks `first` through `last` are on their way (presented, or the first
    /// alone drawn straight into the window): the frame after `last` is asked for in time.
    func framesShown(from first: UInt64, through last: UInt64)
    /// Milliseconds the loop may sleep while this pacer waits for the server (-1: forever).
    var waitTimeout: Int32 { get }
    /// Recovers from a server that stopped sending completions (checked at every drain).
    func recoverIfStalled()
    /// Takes the events the pacer reads apart from Xlib's queue; true when there were any (a
    /// flush may read more).
    func takeCompletions() -> Bool
}

/// Hands frames to the server as pixmaps it copies into the window at their vblank (Present).
protocol PixmapPresenter: AnyObject {
    /// The frame for vblank `counter` is in `pixmap`, whose column `-xOffset` and row `-yOffset`
    /// are the first of `window` (the ticker's, or a lane's): the server copies it into the
    /// window at that vblank, replacing any frame queued for it. The server holds the pixmap
    /// until then: it may be freed, never painted over.
    func present(_ pixmap: Pixmap, on window: Window, xOffset: Int, yOffset: Int, counter: UInt64)
    /// The last vblank a frame is queued for (0: none yet).
    var queuedThrough: UInt64 { get }
}
