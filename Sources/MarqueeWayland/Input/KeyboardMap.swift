import CWaylandClient
import Glibc

/// The keyboard's layout as the compositor sends it (an xkb keymap in shared memory), read with
/// xkbcommon into key symbols and the modifier state. Owns the xkb context, keymap and state.
final class KeyboardMap {
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        self.context = context
    }

    deinit {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// A new keymap: `size` bytes of xkb text behind `fd`, which is closed here.
    func load(fd: Int32, size: Int) {
        defer { close(fd) }
        guard let text = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), text != MAP_FAILED else { return }
        defer { munmap(text, size) }
        guard let made = xkb_keymap_new_from_string(context, text.assumingMemoryBound(to: CChar.self),
                                                    XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let newState = xkb_state_new(made) else { return }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = made
        state = newState
    }

    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The symbol of the evdev key `key` (Wayland sends evdev codes; xkb's are 8 more).
    func symbol(ofKey key: UInt32) -> UInt32? {
        guard let state else { return nil }
        let symbol = xkb_state_key_get_one_sym(state, key + 8)
        return symbol == 0 ? nil : symbol
    }

    var controlHeld: Bool { isActive(XKB_MOD_NAME_CTRL) }
    var shiftHeld: Bool { isActive(XKB_MOD_NAME_SHIFT) }

    private func isActive(_ modifier: String) -> Bool {
        guard let state else { return false }
        return xkb_state_mod_name_is_active(state, modifier, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}
