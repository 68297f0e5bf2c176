import CX11
import MarqueeCore

extension PlayerInput {
    /// The player's reading of a pointer or key event; nil for any other event, and for buttons
    /// and keys the ticker does not use.
    init?(event: inout XEvent) {
        switch event.type {
        case ButtonPress:
            let button = event.xbutton
            let control = button.state & UInt32(ControlMask) != 0
            switch button.button {
            case UInt32(Button1): self = .press(x: Int(button.x))
            case UInt32(Button4), 6: self = .wheel(forward: false, control: control)
            case UInt32(Button5), 7: self = .wheel(forward: true, control: control)
            default: return nil
            }
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            self = .release(x: Int(event.xbutton.x))
        case MotionNotify:
            self = .move(x: Int(event.xmotion.x))
        case EnterNotify where event.xcrossing.mode == NotifyNormal:
            self = .enter(x: Int(event.xcrossing.x))
        case LeaveNotify where event.xcrossing.mode == NotifyNormal && event.xcrossing.detail != NotifyInferior:
            self = .leave
        case KeyPress:
            guard let key = PlayerKey(keysym: UInt32(truncatingIfNeeded: XLookupKeysym(&event.xkey, 0))) else { return nil }
            self = .key(key)
        default:
            return nil
        }
    }
}
