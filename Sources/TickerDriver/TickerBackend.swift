import MarqueeCore
import MarqueeFormats
import MarqueeIO

/// What the shared driver (`Ticker`) asks of a display backend: a surface at its placement, a
/// frame clock, a way to put a frame plan on screen, and the display's events turned into
/// `BackendEvent`s. Everything the backend decides is how pixels reach its display; everything
/// else — what moves, when, what a frame shows — is the driver's and the player's.
///
/// The flow is one way: the clock's frame → driver → player → plan → backend. The backend never
/// calls into the driver except through `deliver` (its display's events, as inputs).
public protocol TickerBackend: AnyObject {
    /// The backend's frame clock: frames on and off, one `onFrame` per refresh while on.
    var frames: FrameSource { get }
    /// Where the display's events go; set once by the driver before anything is read.
    var deliver: (BackendEvent) -> Void { get set }
    /// The width frames are planned for, in device pixels (0 until the display has told it).
    var width: Int { get }
    /// How many frames ahead one plan may hold (`FramePlan.following`): a display that queues
    /// frames for future vblanks takes a batch and the loop sleeps through it; `.single` for one
    /// frame per callback.
    var batchLimit: FrameBatchLimit { get }
    /// Puts `plan` on screen for frame `counter` by the backend's own way of presenting, and its
    /// following frames for the vblanks after; frames queued before for those vblanks are
    /// replaced. False when it could not now (the display holds every buffer), so the frame is
    /// tried again later.
    func show(_ plan: FramePlan, counter: UInt64) -> Bool
    /// Draws `plan` at once, outside the frame clock: standing text, an exposure, a new size.
    func showStill(_ plan: FramePlan)
    /// New colours, fade or item box, painted from the next frame on.
    func setLook(_ look: TickerLook)
    /// The pointer's shape: a hand over a link, the arrow elsewhere.
    func showPointer(overLink: Bool)
    /// Makes the surface visible (maps the window, commits the bar's first state).
    func present()
    /// A new height in the backend's own units (logical pixels on Wayland, pixels on X11), a
    /// bar's monitor choice, window states: the placement after a reload.
    func place(_ placement: PlacementUpdate)
    /// Before each sleep of the loop: reads the display's events (delivering them), sends what is
    /// queued. Returns how long the loop may sleep in milliseconds (-1: until something happens).
    func prepareToWait() -> Int32
    /// The loop woke by its timeout rather than an event.
    func loopTimedOut()
    /// The backend's facts for `ctl status`: how frames are presented.
    func describeFrames(into report: inout StatusReport)
}

extension TickerBackend {
    public var batchLimit: FrameBatchLimit { .single }
}
