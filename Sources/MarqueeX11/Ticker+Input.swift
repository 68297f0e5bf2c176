import CX11
import MarqueeCore
import MarqueeIO

/// Pointer and keyboard: drag with inertia, wheel, hover, clicks, keys.
extension Ticker {
    /// Strip pixels one wheel notch or arrow key moves the text.
    static let scrubStep = 48.0

    /// The events the window listens to. Motion is asked for only while button 1 is held, and
    /// crossings only with `--pause-on-hover`, so an idle pointer never wakes the ticker.
    func selectInput() {
        var mask = ExposureMask | StructureNotifyMask | VisibilityChangeMask | ButtonPressMask | ButtonReleaseMask
            | Button1MotionMask | KeyPressMask
        if style.motion.pauseOnHover { mask |= EnterWindowMask | LeaveWindowMask }
        XSelectInput(connection.display, window.id, mask)
    }

    func handleInput(_ event: inout XEvent) {
        let now = MonotonicClock.now()
        switch event.type {
        case ButtonPress:
            let button = event.xbutton
            switch button.button {
            case UInt32(Button1):
                director?.beginDrag(pointer: Double(button.x), at: now)
            case UInt32(Button4), 6:
                wheel(forward: false, control: button.state & UInt32(ControlMask) != 0)
            case UInt32(Button5), 7:
                wheel(forward: true, control: button.state & UInt32(ControlMask) != 0)
            default:
                break
            }
        case MotionNotify:
            director?.dragTo(pointer: Double(event.xmotion.x), at: now)
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            let dragged = director?.endDrag(at: now) ?? false
            // A press and release without a drag is a click.
            if !dragged && style.motion.clickToPause { director?.togglePause(at: now) }
        case EnterNotify where style.motion.pauseOnHover && event.xcrossing.mode == NotifyNormal:
            director?.pause(.hover, at: now)
        case LeaveNotify where style.motion.pauseOnHover && event.xcrossing.mode == NotifyNormal
            && event.xcrossing.detail != NotifyInferior:
            director?.resume(.hover, at: now)
        case KeyPress:
            key(XLookupKeysym(&event.xkey, 0))
        default:
            break
        }
        updateFrameDemand()
    }

    /// The wheel scrubs the text back and forth; with Ctrl it changes the speed.
    private func wheel(forward: Bool, control: Bool) {
        if control {
            nudgeSpeed(by: forward ? -1 : 1)
        } else {
            let sign = (forward ? 1.0 : -1.0) * (style.direction == .left ? 1 : -1)
            director?.scrub(by: sign * Self.scrubStep, at: MonotonicClock.now())
        }
    }

    /// Keys, when the window has the focus: space pauses and resumes (pausing must not depend
    /// on hovering alone), arrows scrub, + and − change the speed.
    private func key(_ symbol: KeySym) {
        let now = MonotonicClock.now()
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_space:
            director?.togglePause(at: now)
        case XK_Left:
            director?.scrub(by: Self.scrubStep, at: now)
        case XK_Right:
            director?.scrub(by: -Self.scrubStep, at: now)
        case XK_plus, XK_equal, XK_KP_Add:
            nudgeSpeed(by: 1)
        case XK_minus, XK_KP_Subtract:
            nudgeSpeed(by: -1)
        default:
            break
        }
    }
}
