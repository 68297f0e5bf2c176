import MarqueeCore
import MarqueeFormats

/// What the shared driver (`Ticker`) asks of a display backend: six calls every backend
/// implements. Everything the backend decides is how pixels reach its display; everything else
/// — what moves, when, what a frame shows — is the driver's and the player's.
///
/// The flow is one way: the backend queues what its display says as `BackendEvent`s (frame
/// times included) and hands them over when the driver drains it; it holds no reference to the
/// driver and never calls it. A display that can queue frames ahead also implements
/// `FrameQueue`.
public protocol TickerBackend: AnyObject {
    /// Reads the display, sends what is queued, and moves the events since the last call into
    /// `events` (which the driver passes empty). Returns how long the loop may sleep in
    /// milliseconds (-1: until something happens).
    func drain(into events: inout [BackendEvent]) -> Int32
    /// Frames on (one `.frame` event per refresh from the next one on) or off (none at all).
    /// Asking again while on changes nothing.
    func setFramesWanted(_ wanted: Bool)
    /// Puts each lane's plan on screen (`plans[i]` is lane i's; nil: the lane stands as it is):
    /// at the vblank of `frame` (and their following frames, as many for every lane, at the
    /// vblanks after, replacing frames queued before for them), or at once when `frame` is nil
    /// (standing text, an exposure, a new size). False when it could not now (the display holds
    /// every buffer): the frame is not shown and frames come again later.
    func show(_ plans: [FramePlan?], at frame: FrameTime?) -> Bool
    /// New colours, fade or item box for lane `lane`, painted from the next frame on.
    func setLook(_ look: TickerLook, lane: Int)
    /// The pointer's shape: a hand over a link, the arrow elsewhere.
    func showPointer(overLink: Bool)
    /// A new placement after a reload; returns what of it this display cannot honour.
    func place(_ placement: PlacementUpdate) -> [PlacementRefusal]
}

/// A display that queues frames for the vblanks to come (X11 Present; Wayland with
/// `wp_fifo_v1`): the driver hands it a batch of frames per wake-up while the motion is steady.
public protocol FrameQueue: AnyObject {
    /// How many frames one plan may hold now (`FramePlan.following`) and how far they may reach
    /// (`.single` while the display cannot queue, e.g. a fade drawn frame by frame).
    var batchLimit: FrameBatchLimit { get }
    /// The first vblank after `time` that frames planned again at once can start at, replacing
    /// those queued for it and after; nil before the display's clock is known.
    func nextFrame(after time: Double) -> FrameTime?
    /// Whether queued frames are shown in turn rather than at their times (a Wayland fifo, with
    /// or without commit timing, which holds a frame back but never lets one skip ahead): each is
    /// shown a refresh after the one before, so refreshes the compositor misses show the rest of
    /// the queue late. Frames with a vblank each (X11 Present) are shown at it or replaced.
    var queuesWithoutTimes: Bool { get }
}

extension FrameBatchLimit {
    /// Frames queued ahead while the motion is steady: 0.2 s of them (12 at 60 Hz, 29 at 144 Hz),
    /// so the process wakes 5 times a second whatever the refresh rate, within 512 px of the
    /// first frame (a ribbon reaches `RibbonSpan`'s margin − `RibbonSpan.behind` = 960 px ahead;
    /// 0.2 s at 2560 px/s). Any change the display can still replace is planned again at once.
    public static let queuedSeconds = 0.2
    public static let queuedReach = 512

    /// A queue's batch at refresh `period`.
    public static func queued(period: Double) -> FrameBatchLimit {
        FrameBatchLimit(count: Int((queuedSeconds / period).rounded(.up)), reach: queuedReach)
    }
}
