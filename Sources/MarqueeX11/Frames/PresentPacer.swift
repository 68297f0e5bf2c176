import CX11
import Glibc
import MarqueeCore
import MarqueeIO
import TickerDriver

/// Frames paced by the display's vblank through the X Present extension.
///
/// Each completion event carries the vblank counter (msc) and its CLOCK_MONOTONIC time (ust).
/// The frame for msc + 1 is drawn as soon as msc's completion arrives, then `XPresentNotifyMSC`
/// asks to hear when msc + 1 has passed, which starts the frame after: one event and one wakeup
/// a frame, like the C floor. While the motion is steady a batch of frames is queued instead
/// (`PresentPixmap` for each of the next vblanks) and the one notification asked for is the
/// batch's last but one: one wakeup a batch. Frame times come from the counter on a fixed grid
/// (`FrameClock`), so server jitter never reaches the motion.
///
/// The notifications are asked for on a window of their own: an unmapped 1×1 InputOnly child of
/// the ticker's window (the same place, so the same CRTC and counter), the only window the
/// completions are selected on. Present sends a CompleteNotify for every completed request to
/// every client that selected them on the window, with no way to choose which: selected on the
/// ticker's window, each queued pixmap's completion would wake the process every vblank.
///
/// The completions bypass Xlib's queue: selected with an event id registered as an xcb special
/// event on Xlib's own connection (as Mesa does), they wait in a queue of their own, read without
/// `XNextEvent`, `_XEnq` or a GenericEvent cookie. The requests stay Xlib's, in Xlib's order.
final class PresentPacer: FramePacer, PixmapPresenter {
    private let outbox: BackendOutbox
    private let connection: XConnection
    private let window: Window
    /// The child window the notifications are asked for and selected on (see above); made and
    /// destroyed here.
    private let notifier: Window
    private let xcb: OpaquePointer
    /// The Present event context the completions are selected on, and xcb's queue for them.
    private let eventID: UInt32
    private let completions: OpaquePointer
    private var clock: FrameClock?
    private var firstCompletion: (msc: UInt64, ust: UInt64)?
    private var lastMSC: UInt64 = 0
    private var serial: UInt32 = 0
    private var awaiting = false
    private var awaitingSince = 0.0
    /// The serial of the one request whose completion drives the next frame. A completion with
    /// another serial (one the watchdog gave up on and that arrives late after all) must not
    /// start a second frame loop beside the first.
    private var awaitedSerial: UInt32 = 0
    /// The last vblank a pixmap is queued for (0: none yet).
    private(set) var queuedThrough: UInt64 = 0
    /// The vblank the next frame is planned for once the awaited notification comes: after the
    /// last one handed.
    private var nextCounter: UInt64 = 0
    private(set) var isActive = false
    private(set) var period: Double

    /// Nil when the server has no Present extension.
    init?(connection: XConnection, window: Window, refreshHz: Double, outbox: BackendOutbox) {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XPresentQueryExtension(connection.display, &opcode, &eventBase, &errorBase) != 0,
              let xcb = XGetXCBConnection(connection.display) else { return nil }
        let eventID = xcb_generate_id(xcb)
        // Registered before the selection, so that no completion can reach Xlib's queue.
        guard let completions = xcb_register_for_special_xge(xcb, xm_present_extension(), eventID, nil) else { return nil }
        self.outbox = outbox
        self.connection = connection
        self.window = window
        self.xcb = xcb
        self.eventID = eventID
        self.completions = completions
        period = 1 / refreshHz
        // InputOnly and never mapped: it draws nothing, clips nothing and takes no input.
        // Made by Xlib and flushed to xcb before the selection xcb sends (Xlib holds its
        // requests in a buffer of its own).
        notifier = XCreateWindow(connection.display, window, 0, 0, 1, 1, 0, 0, UInt32(InputOnly), nil, 0, nil)
        XFlush(connection.display)
        xcb_present_select_input(xcb, eventID, xcb_window_t(notifier), UInt32(XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY.rawValue))
    }

    deinit {
        // An empty mask frees the event context, so that no completion comes after the queue goes.
        // The window may be gone first (the ticker's fields go in their order), taking the context
        // with it: the BadWindow that then answers is discarded rather than reported.
        // Xlib's requests naming the notifier go out first.
        XFlush(connection.display)
        let deselect = xcb_present_select_input_checked(xcb, eventID, xcb_window_t(notifier), 0)
        xcb_discard_reply(xcb, deselect.sequence)
        let destroy = xcb_destroy_window_checked(xcb, xcb_window_t(notifier))
        xcb_discard_reply(xcb, destroy.sequence)
        xcb_unregister_for_special_event(xcb, completions)
    }

    func requestFrame() {
        isActive = true
        guard !awaiting else { return }
        // Target 0 answers at once with the current msc; the frame is then drawn for msc + 1.
        serial &+= 1
        nextCounter = 0
        XPresentNotifyMSC(connection.display, notifier, serial, 0, 0, 0)
        beginWaiting()
    }

    func stop() { isActive = false }

    func framesShown(from first: UInt64, through last: UInt64) {
        // A frame alone is on screen at its vblank: hear when that passed, and draw the next.
        // A batch: hear when its last but one passed, so the next batch is queued a vblank
        // before the queue runs dry, however late the wakeup.
        serial &+= 1
        nextCounter = last + 1
        XPresentNotifyMSC(connection.display, notifier, serial, last > first ? last - 1 : last, 0, 0)
        beginWaiting()
    }

    func nextFrame(after time: Double) -> FrameTime? {
        guard let clock else { return nil }
        let near = clock.counter(near: time)
        let counter = max(clock.time(ofCounter: near) > time ? near : near + 1, lastMSC + 1)
        return FrameTime(counter: counter, time: clock.time(ofCounter: counter), period: period)
    }

    func present(_ pixmap: Pixmap, on window: Window, xOffset: Int, yOffset: Int, counter: UInt64) {
        // A copy (never a flip, which would keep the pixmap busy until an IdleNotify we do not
        // select), executed by the server from its vblank handler, before scan-out reaches the
        // window; never Async, which would copy at once and tear. No update region: a request
        // for a vblank that has one queued scraps it (`present_scmd_pixmap`), which is how a
        // re-planned batch replaces the old. No event is selected on the window, so it
        // completes without waking anyone.
        serial &+= 1
        XPresentPixmap(connection.display, window, pixmap, serial, 0, 0, Int32(clamping: xOffset), Int32(clamping: yOffset), 0, 0, 0, UInt32(PresentOptionCopy),
                       counter, 0, 0, nil, 0)
        queuedThrough = max(queuedThrough, counter)
    }

    private func beginWaiting() {
        awaiting = true
        awaitedSerial = serial
        awaitingSince = MonotonicClock.now()
    }

    var waitTimeout: Int32 { awaiting && isActive ? 1000 : -1 }

    func recoverIfStalled() {
        // Completions stop when the output is off and slow down when the window is off-screen;
        // after a second without one, ask again instead of waiting forever.
        guard awaiting, isActive, MonotonicClock.now() - awaitingSince >= 0.9 else { return }
        awaiting = false
        if isActive { requestFrame() }
    }

    func takeCompletions() -> Bool {
        // Only while frames await a completion: a poll of an empty queue reads the socket, and
        // the X events that read brings in wait in xcb until Xlib next reads, which the awaited
        // completion's wake makes within a frame (the watchdog's `waitTimeout` within a second
        // when completions stop). Otherwise nothing polls, so nothing waits: completions stay in
        // the queue until frames are asked for again, and late ones are dropped by their serial.
        var tookAny = false
        while awaiting && isActive, let event = xcb_poll_for_special_event(xcb, completions) {
            defer { free(event) }
            tookAny = true
            let complete = xm_as_present_complete(event).pointee
            guard complete.event_type == XCB_PRESENT_COMPLETE_NOTIFY, complete.window == xcb_window_t(notifier) else { continue }
            completed(msc: complete.msc, ust: complete.ust, serial: complete.serial)
        }
        return tookAny
    }

    private func completed(msc: UInt64, ust: UInt64, serial completedSerial: UInt32) {
        // A zero timestamp or a counter going backwards is not a vblank we can trust.
        if ust != 0 && msc > lastMSC {
            lastMSC = msc
            updateClock(msc: msc, ust: ust)
        }
        guard awaiting && completedSerial == awaitedSerial else { return }
        awaiting = false
        guard isActive, let clock else { return }
        let target = max(lastMSC + 1, nextCounter)
        outbox.post(.frame(FrameTime(counter: target, time: clock.time(ofCounter: target), period: period)))
    }

    /// Starts the frame clock at the first completion and refines its period from the measured
    /// vblank rate: roughly after a few completions when the guess was far off (RandR reports no
    /// rate on some servers, and a 144 Hz screen taken for 60 Hz would run the text 2.4 times too
    /// fast), exactly once two seconds of completions are in. Refining keeps the time of the
    /// current vblank, so the motion stays continuous.
    private func updateClock(msc: UInt64, ust: UInt64) {
        let seconds = Double(ust) / 1e6
        guard var current = clock, let first = firstCompletion else {
            clock = FrameClock(period: period, referenceCounter: msc, referenceTime: seconds)
            firstCompletion = (msc, ust)
            return
        }
        let frames = msc - first.msc
        guard frames >= 8 else { return }
        let measured = Double(ust - first.ust) / 1e6 / Double(frames)
        // A few frames read through a millisecond clock are within a few percent; only a guess
        // off by more than that is replaced before the exact figure comes in.
        let tolerance = frames >= 120 ? 0.002 : 0.1
        if measured > 0 && abs(measured - period) / period > tolerance {
            current.adopt(period: measured, keeping: msc)
            period = measured
            clock = current
        }
    }
}
