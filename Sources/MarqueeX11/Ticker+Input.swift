import CX11
import MarqueeCore
import MarqueeIO

/// Pointer and keyboard: drag with inertia, wheel, hover, clicks, keys.
extension Ticker {
    /// Strip pixels one wheel notch or arrow key moves the text, at 96 dpi.
    static let scrubStep = 48.0
    /// The same in device pixels: it grows with the desktop's DPI like the text.
    var scrubStep: Double { (Self.scrubStep * style.scale).rounded() }

    /// The events the window listens to. Motion is asked for only while button 1 is held, and
    /// crossings only with `--pause-on-hover`, so an idle pointer never wakes the ticker.
    func selectInput() {
        // Pointer motion and crossings only wake the ticker while the pointer is over it (for
        // the hand over links and --pause-on-hover); an idle pointer elsewhere costs nothing.
        let mask = ExposureMask | StructureNotifyMask | VisibilityChangeMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | EnterWindowMask | LeaveWindowMask
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
            pointerX = Int(event.xmotion.x)
            if director?.isDragging == true { director?.dragTo(pointer: Double(event.xmotion.x), at: now) }
            updateCursor()
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            let dragged = director?.endDrag(at: now) ?? false
            // A press and release without a drag is a click: it opens a link under the pointer,
            // or else (with --click-to-pause) pauses and resumes.
            if !dragged {
                if let link = link(atWindowX: Int(event.xbutton.x)), let openLink {
                    openLink(link)
                } else if style.motion.clickToPause {
                    togglePause()
                }
            }
        case EnterNotify where event.xcrossing.mode == NotifyNormal:
            pointerX = Int(event.xcrossing.x)
            // Under reduced motion, hovering is how a reader scrolls a long message.
            if reducesMotion { startScrolling(.hover) } else if style.motion.pauseOnHover { director?.pause(.hover, at: now) }
            updateCursor()
        case LeaveNotify where event.xcrossing.mode == NotifyNormal && event.xcrossing.detail != NotifyInferior:
            pointerX = nil
            if reducesMotion { stopScrolling(.hover) } else if style.motion.pauseOnHover { director?.resume(.hover, at: now) }
            updateCursor()
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
            director?.scrub(by: sign * scrubStep, at: MonotonicClock.now())
        }
    }

    /// Keys, when the window has the focus: space pauses and resumes (pausing must not depend
    /// on hovering alone), arrows scrub, + and − change the speed.
    private func key(_ symbol: KeySym) {
        let now = MonotonicClock.now()
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_space:
            togglePause()
        case XK_Left:
            director?.scrub(by: scrubStep, at: now)
        case XK_Right:
            director?.scrub(by: -scrubStep, at: now)
        case XK_plus, XK_equal, XK_KP_Add:
            nudgeSpeed(by: 1)
        case XK_minus, XK_KP_Subtract:
            nudgeSpeed(by: -1)
        default:
            break
        }
    }

    /// The link of the text under window column `x`, if it has one (not its separator).
    func link(atWindowX x: Int) -> String? {
        guard let timeline else { return nil }
        let position = shownPosition + x
        guard let piece = timeline.pieces(in: position..<(position + 1)).first else { return nil }
        let layout = piece.segment.content.layout
        guard layout.width > 0 else { return nil }
        return layout.link(at: StripGeometry.floorMod(position - piece.segment.anchor, layout.width))
    }

    /// A hand over linked text, the default arrow elsewhere.
    func updateCursor() {
        let wantsHand = pointerX.flatMap { link(atWindowX: $0) } != nil
        guard wantsHand != showsHand else { return }
        showsHand = wantsHand
        if wantsHand {
            if handCursor == 0 { handCursor = XCreateFontCursor(connection.display, UInt32(XC_hand2)) }
            XDefineCursor(connection.display, window.id, handCursor)
        } else {
            XUndefineCursor(connection.display, window.id)
        }
    }
}
