import CWaylandClient
import Glibc
import MarqueeCore
import TickerDriver

/// The seat's pointer and keyboard as the player understands them (`PlayerInput`), the same
/// inputs X11's events give: hover, drag, click and wheel steps from `wl_pointer`, the keys
/// through xkbcommon from `wl_keyboard`; and the pointer's shape. Takes the devices when the seat
/// offers them and lets them go when it stops; owns their proxies.
final class SeatInput {
    /// Kept open while the devices' proxies exist: they are released through it.
    private let display: WaylandDisplay
    private let seat: OpaquePointer
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private let keys = KeyboardMap()
    private var pointerX = 0
    /// Where the surface the pointer entered lies in the bar's surface, in device pixels (a
    /// lane's crawl's subsurface at its row, beside its label): positions are told in the bar's
    /// columns and rows.
    var origin: (_ surface: OpaquePointer?) -> (x: Int, y: Int) = { _ in (0, 0) }
    private var pointerOrigin = (x: 0, y: 0)
    /// The pointer's row on the bar, in device pixels (where a right-click asks for the menu).
    private var pointerY = 0
    /// The serial of the last button or key press: a popup's grab must name one.
    private(set) var lastPressSerial: UInt32 = 0
    /// The open menu's surface and what its pointer and keys go to; nil while none is open.
    var menu: MenuTarget? {
        didSet { if menu?.surface == nil { pointerOnMenu = false } }
    }
    /// The pointer is over the menu's surface (not the bar's).
    private var pointerOnMenu = false
    private var menuPointer = (x: 0.0, y: 0.0)
    private var wheel = WheelSteps()
    /// The arrow or the hand.
    private let cursor: PointerCursor
    /// Buffer pixels per logical pixel: pointer positions come in logical pixels.
    /// Device pixels per logical pixel (fractional where the compositor prefers it): frames are
    /// planned in device pixels, pointer positions come in logical ones.
    var scale: Double
    private let pointerListener: UnsafeMutablePointer<wl_pointer_listener>
    private let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener>
    /// Input, with the bar's row the pointer is on (nil for keys).
    var onInput: (PlayerInput, _ row: Int?) -> Void = { _, _ in }
    /// The left button let go on the bar (a click or the end of a drag), or the right one pressed
    /// (the menu's keys come through the bar's focus): it may take the keyboard.
    var onClicked: () -> Void = {}
    /// A right-click on the bar, or the Menu key or Shift+F10 with its focus.
    var onMenuRequest: (MenuAnchor) -> Void = { _ in }
    /// Whether the pointer is over the surface, or the surface has the keyboard: input may come
    /// that must show within two refreshes (frames are not queued ahead meanwhile).
    var expectsInput: Bool { pointerInside || keyboardFocused }
    private var pointerInside = false
    private var keyboardFocused = false

    /// Linux's codes for the left and right buttons (linux/input-event-codes.h).
    private static let leftButton: UInt32 = 0x110
    private static let rightButton: UInt32 = 0x111

    init?(display: WaylandDisplay, scale: Double) {
        guard let seat = display.seat else { return nil }
        self.scale = scale
        self.display = display
        self.seat = seat
        cursor = PointerCursor(display: display, scale: Int(scale.rounded(.up)))
        pointerListener = .allocate(capacity: 1)
        pointerListener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                listenerOwner(data, as: SeatInput.self)?.entered(serial: serial, surface: surface, x: SeatInput.column(x), y: SeatInput.column(y))
            },
            leave: { data, _, _, _ in listenerOwner(data, as: SeatInput.self)?.left() },
            motion: { data, _, _, x, y in listenerOwner(data, as: SeatInput.self)?.moved(to: SeatInput.column(x), SeatInput.column(y)) },
            button: { data, _, serial, _, button, state in
                listenerOwner(data, as: SeatInput.self)?.button(button, pressed: state == 1, serial: serial)
            },
            axis: { data, _, _, axis, value in listenerOwner(data, as: SeatInput.self)?.axis(axis, value: value) },
            frame: { data, _ in listenerOwner(data, as: SeatInput.self)?.wheelFrameEnded() },
            axis_source: { _, _, _ in },
            axis_stop: { data, _, _, axis in
                if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue { listenerOwner(data, as: SeatInput.self)?.wheel.stop() }
            },
            axis_discrete: { data, _, axis, discrete in
                if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue { listenerOwner(data, as: SeatInput.self)?.wheel.discrete(Int(discrete)) }
            },
            axis_value120: nil))
        keyboardListener = .allocate(capacity: 1)
        keyboardListener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in listenerOwner(data, as: SeatInput.self)?.keymap(format: format, fd: fd, size: size) },
            enter: { data, _, _, _, _ in listenerOwner(data, as: SeatInput.self)?.keyboardFocused = true },
            leave: { data, _, _, _ in listenerOwner(data, as: SeatInput.self)?.keyboardFocused = false },
            key: { data, _, serial, _, key, state in listenerOwner(data, as: SeatInput.self)?.key(key, pressed: state == 1, serial: serial) },
            modifiers: { data, _, _, depressed, latched, locked, group in
                listenerOwner(data, as: SeatInput.self)?.keys?.updateModifiers(depressed: depressed, latched: latched,
                                                                                  locked: locked, group: group)
            },
            repeat_info: { _, _, _, _ in }))
        // The devices the seat has now (told when it was bound), and those it gets or loses later.
        capabilities(display.seatCapabilities)
        display.onSeatCapabilities = { [unowned self] in self.capabilities($0) }
    }

    deinit {
        display.onSeatCapabilities = { _ in }
        releaseDevices(pointer: true, keyboard: true)
        pointerListener.deallocate()
        keyboardListener.deallocate()
    }

    private static func column(_ fixed: wl_fixed_t) -> Double { Double(fixed) / 256 }

    private func capabilities(_ capabilities: UInt32) {
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasPointer && pointer == nil, let made = wl_seat_get_pointer(seat) {
            pointer = made
            wl_pointer_add_listener(made, pointerListener, listenerData(self))
        }
        if hasKeyboard && keyboard == nil, let made = wl_seat_get_keyboard(seat) {
            keyboard = made
            wl_keyboard_add_listener(made, keyboardListener, listenerData(self))
        }
        releaseDevices(pointer: !hasPointer, keyboard: !hasKeyboard)
    }

    private func releaseDevices(pointer releasePointer: Bool, keyboard releaseKeyboard: Bool) {
        if releasePointer, let pointer {
            wl_pointer_release(pointer)
            self.pointer = nil
        }
        if releaseKeyboard, let keyboard {
            wl_keyboard_release(keyboard)
            self.keyboard = nil
        }
    }

    private func moved(to x: Double, _ y: Double) {
        if pointerOnMenu, let menu {
            menuPointer = (x, y)
            menu.input?.pointer(at: menuPointer)
            return
        }
        pointerX = device(x) + pointerOrigin.x
        pointerY = device(y) + pointerOrigin.y
        onInput(.move(x: pointerX), pointerY)
    }

    /// A logical pointer column as a device column.
    private func device(_ x: Double) -> Int { Int((x * scale).rounded(.down)) }

    private func button(_ button: UInt32, pressed: Bool, serial: UInt32) {
        if pressed { lastPressSerial = serial }
        if let menu {
            // A press on the bar while the menu is open (the grab leaves our own surfaces their
            // input) closes it, as one anywhere else does.
            if pointerOnMenu {
                menu.input?.button(pressed: pressed, at: menuPointer)
            } else if pressed {
                menu.input?.pressedElsewhere()
            }
            return
        }
        if button == Self.rightButton && pressed {
            // The menu's keys reach it only through a bar that takes the keyboard (sway).
            onClicked()
            return onMenuRequest(MenuAnchor(x: pointerX, y: pointerY))
        }
        guard button == Self.leftButton else { return }
        onInput(pressed ? .press(x: pointerX) : .release(x: pointerX), pointerY)
        if !pressed { onClicked() }
    }

    private func entered(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        cursor.entered(serial: serial)
        if let menu, surface == menu.surface {
            pointerOnMenu = true
            menuPointer = (x, y)
            menu.input?.pointer(at: menuPointer)
            return
        }
        pointerOnMenu = false
        pointerInside = true
        pointerOrigin = origin(surface)
        pointerX = device(x) + pointerOrigin.x
        pointerY = device(y) + pointerOrigin.y
        onInput(.enter(x: pointerX), pointerY)
    }

    private func left() {
        cursor.left()
        if pointerOnMenu {
            pointerOnMenu = false
            menu?.input?.pointer(at: nil)
            return
        }
        pointerInside = false
        onInput(.leave, nil)
    }

    /// The hand over a link, the arrow elsewhere (the ticker says which, after each input and
    /// frame, as X11's does).
    func showHand(_ hand: Bool) {
        guard let pointer else { return }
        cursor.show(hand: hand, on: pointer)
    }

    private func axis(_ axis: UInt32, value: wl_fixed_t) {
        guard axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue else { return }
        wheel.axis(wl_fixed_to_double(value))
        // Before version 5 no frame event ends a group: each event is one.
        if let pointer, wl_proxy_get_version(pointer) < 5 { wheelFrameEnded() }
    }

    /// Each step of the frame as one wheel notch: down (positive) moves the text forward, as
    /// X11's button 5. Ctrl is known only while the bar has the keyboard focus (wl_pointer
    /// carries no modifiers; wl_keyboard tells them to the focused surface alone).
    private func wheelFrameEnded() {
        let steps = wheel.endFrame()
        for _ in 0..<abs(steps) { onInput(.wheel(forward: steps > 0, control: keys?.controlHeld ?? false), pointerY) }
    }

    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let keys else {
            close(fd)
            return
        }
        keys.load(fd: fd, size: Int(size))
    }

    private func key(_ key: UInt32, pressed: Bool, serial: UInt32) {
        guard pressed, let symbol = keys?.symbol(ofKey: key) else { return }
        lastPressSerial = serial
        // While the menu is open every key of ours is the menu's, whichever surface has the focus.
        if let menu {
            if let menuKey = MenuKey(keysym: symbol) { menu.input?.key(menuKey) }
            return
        }
        if MenuKey.opensMenu(keysym: symbol, shift: keys?.shiftHeld ?? false) {
            return onMenuRequest(MenuAnchor(x: pointerInside ? pointerX : 0, y: pointerInside ? pointerY : 0, byKeyboard: true))
        }
        guard let playerKey = PlayerKey(keysym: symbol) else { return }
        onInput(.key(playerKey), nil)
    }
}

/// An open menu as the seat sees it: its surface, and what its input goes to (weakly: the
/// backend that owns the seat is that sink).
struct MenuTarget {
    let surface: OpaquePointer
    weak var input: MenuInputSink?
}
