import CSystemdBus
import Glibc
import MarqueeIO

/// libsystemd, loaded (dlopen) the first time a bus is opened rather than linked: a run that
/// uses no bus (no session bus there, no bus feature on) never maps it or the five libraries it
/// pulls in, about 1.5 MB resident. Where it cannot be loaded the desktop bus is off, said once.
public enum BusLibrary {
    /// nil until the first load; the library then stays for the run (see the shim).
    nonisolated(unsafe) private static var outcome: Result<Void, BusError>?

    /// Loads it (once): throws, already said, when it cannot be.
    static func load() throws(BusError) {
        if outcome == nil {
            if let failure = xmarquee_sd_bus_load() {
                Diagnostics.warn("cannot load libsystemd.so.0 (\(String(cString: failure))); the desktop bus is off")
                outcome = .failure(BusError("load libsystemd.so.0", -ELIBACC, alreadySaid: true))
            } else {
                outcome = .success(())
            }
        }
        try outcome?.get()
    }

    /// Whether it is loaded (for the tests: a run without a bus must not have loaded it).
    public static var isLoaded: Bool { (try? outcome?.get()) != nil }

    /// Whether a session bus is there to be reached, decided without loading anything: an
    /// address in `DBUS_SESSION_BUS_ADDRESS`, or the user bus socket sd-bus tries without one
    /// (`$XDG_RUNTIME_DIR/bus`; without XDG_RUNTIME_DIR sd-bus tries nothing either).
    static var sessionBusIsThere: Bool {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return false }
        return access(String(cString: runtime) + "/bus", F_OK) == 0
    }
}
