import MarqueeCore
import MarqueeFormats

/// What a display says, as the driver understands it: the same few events from every backend,
/// queued while the backend drains its connection and taken by the driver after the drain
/// returns (`TickerBackend.drain`). A backend never calls the driver.
public enum BackendEvent: Equatable {
    /// The display's clock: draw the frame shown at this vblank now.
    case frame(FrameTime)
    /// Lane `lane`'s crawl is `width` device pixels wide now (the bar's width less the lane's
    /// label) and `height` tall (what a roll between pages moves by; 0: not said, pages then
    /// change in place).
    case resized(width: Int, height: Int = 0, lane: Int = 0)
    /// Shown or hidden (mapped, a bar configured or closed).
    case mapped(Bool)
    /// Entirely covered by other windows, or no longer.
    case obscured(Bool)
    /// What stands on screen must be drawn again now (an exposure, a compositor came or went).
    case damaged
    /// Pointer and keyboard input to lane `lane` (the one under the pointer; the backend says
    /// `.leave` to a lane the pointer moved out of).
    case input(PlayerInput, lane: Int = 0)
    /// The user closed the window: the program ends.
    case closed
    /// The connection to the display broke: the program ends with `ExitStatus.displayLost`.
    case lost
    /// The surface's device pixels per logical pixel changed (an output's scale).
    case scale(Double)
    /// The desktop's settings read from the display changed (XSETTINGS, X resources).
    case desktopChanged
    /// How frames reach the screen now (said at the start and whenever it changes).
    case presentation(FramePresentation)
    /// A right-click, the Menu key or Shift+F10: the bar's menu is asked for there.
    case menuRequested(MenuAnchor)
    /// Item `index` of the open menu was chosen (the host closed it).
    case menuChosen(Int)
    /// The menu was closed without a choice (Escape, a click elsewhere).
    case menuDismissed
    /// Item `index` of the open menu is lit now (nil: none), by the pointer or the arrows.
    case menuHighlighted(Int?)
}

/// One vblank of the display: its counter, the time the frame drawn for it is shown at, and
/// the refresh period as measured so far.
public struct FrameTime: Equatable, Sendable {
    public var counter: UInt64
    public var time: Double
    public var period: Double

    public init(counter: UInt64, time: Double, period: Double) {
        self.counter = counter
        self.time = time
        self.period = period
    }
}

/// How frames reach the screen, for `ctl status`.
public struct FramePresentation: Equatable, Sendable {
    /// Paced by the display's own presentation clock (X11 Present, Wayland presentation
    /// feedback), else by a timer or frame callbacks.
    public var paced: Bool
    /// Each frame reaches the screen whole, at its vblank.
    public var tearFree: Bool

    public init(paced: Bool = false, tearFree: Bool = false) {
        self.paced = paced
        self.tearFree = tearFree
    }
}
