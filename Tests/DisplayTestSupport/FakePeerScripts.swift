/// The fake peers the desktop-bus tests run on a private bus (see `FakeBusPeer`): Python with
/// python3-dbus on a GLib loop, commands on standard input, what they were asked in a log.
public enum FakePeerScripts {
    /// An MPRIS 2 player: `track ARTIST|TITLE` changes the track, `quit` leaves; PlayPause is logged.
    /// Its name is `org.mpris.MediaPlayer2.` + the second argument.
    public static let mprisPlayer = prelude + #"""
IFACE = "org.mpris.MediaPlayer2.Player"
name = dbus.service.BusName("org.mpris.MediaPlayer2." + sys.argv[2], bus)

class Player(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.status = "Playing"
        self.meta = dbus.Dictionary({}, signature="sv")

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="s", out_signature="a{sv}")
    def GetAll(self, iface):
        return dbus.Dictionary({"PlaybackStatus": self.status, "Metadata": self.meta}, signature="sv")

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, iface, prop):
        return self.GetAll(iface)[prop]

    @dbus.service.signal("org.freedesktop.DBus.Properties", signature="sa{sv}as")
    def PropertiesChanged(self, iface, changed, invalidated):
        pass

    @dbus.service.method(IFACE)
    def PlayPause(self):
        self.status = "Paused" if self.status == "Playing" else "Playing"
        note("PlayPause")
        self.PropertiesChanged(IFACE, dbus.Dictionary({"PlaybackStatus": self.status}, signature="sv"), dbus.Array([], signature="s"))

    def command(self, word, rest):
        if word == "track":
            artist, _, title = rest.partition("|")
            self.meta = dbus.Dictionary({"xesam:artist": dbus.Array([artist], signature="s"), "xesam:title": title,
                                         "mpris:trackid": dbus.ObjectPath("/org/mpris/MediaPlayer2/track/1")}, signature="sv")
            self.PropertiesChanged(IFACE, dbus.Dictionary({"Metadata": self.meta}, signature="sv"), dbus.Array([], signature="s"))
        elif word == "hostile":
            # Wrong types and a huge string: the ticker must shrug.
            self.PropertiesChanged(IFACE, dbus.Dictionary({"Metadata": dbus.Int32(7), "PlaybackStatus": dbus.Array([1, 2], signature="i")}, signature="sv"), dbus.Array([], signature="s"))
            self.meta = dbus.Dictionary({"xesam:title": "x" * 4000000, "xesam:artist": dbus.Int64(3)}, signature="sv")
            self.PropertiesChanged(IFACE, dbus.Dictionary({"Metadata": self.meta}, signature="sv"), dbus.Array([], signature="s"))

peer = Player()
"""# + postlude

    /// A notification server of its own (the one a desktop would run): logs each Notify as
    /// `Notify SUMMARY -- BODY` (the body's lines joined by spaces), then `Actions KEY,LABEL,…`
    /// when it has actions; `invoke KEY` chooses one on the last notification (ActionInvoked).
    public static let notificationServer = prelude + #"""
name = dbus.service.BusName("org.freedesktop.Notifications", bus)

class Server(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.last = 0

    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        self.last += 1
        note("Notify " + summary + " -- " + body.replace("\n", " "))
        if actions:
            note("Actions " + ",".join(actions))
        return self.last

    @dbus.service.signal("org.freedesktop.Notifications", signature="us")
    def ActionInvoked(self, id, key):
        pass

    @dbus.service.method("org.freedesktop.Notifications", out_signature="as")
    def GetCapabilities(self):
        return ["body"]

    @dbus.service.method("org.freedesktop.Notifications", out_signature="ssss")
    def GetServerInformation(self):
        return ("fake", "test", "1", "1.2")

    def command(self, word, rest):
        if word == "invoke":
            self.ActionInvoked(self.last, rest)

peer = Server()
"""# + postlude

    /// xdg-desktop-portal's Settings: `animations on|off` changes enable-animations, `scheme
    /// dark|light|none` the colour scheme (dark at first), and signals it.
    public static let portal = prelude + #"""
name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus)
SETTINGS = "org.freedesktop.portal.Settings"

class Portal(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, "/org/freedesktop/portal/desktop")
        self.animations = True
        self.scheme = 1

    def values(self):
        return {"org.gnome.desktop.interface": dbus.Dictionary({"enable-animations": dbus.Boolean(self.animations)}, signature="sv"),
                "org.freedesktop.appearance": dbus.Dictionary({"color-scheme": dbus.UInt32(self.scheme)}, signature="sv")}

    @dbus.service.method(SETTINGS, in_signature="as", out_signature="a{sa{sv}}")
    def ReadAll(self, namespaces):
        note("ReadAll")
        return dbus.Dictionary(self.values(), signature="sa{sv}")

    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v")
    def Read(self, namespace, key):
        return self.values()[namespace][key]

    @dbus.service.signal(SETTINGS, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass

    def command(self, word, rest):
        if word == "animations":
            self.animations = rest == "on"
            self.SettingChanged("org.gnome.desktop.interface", "enable-animations", dbus.Boolean(self.animations, variant_level=1))
        elif word == "scheme":
            self.scheme = {"none": 0, "dark": 1, "light": 2}[rest]
            self.SettingChanged("org.freedesktop.appearance", "color-scheme", dbus.UInt32(self.scheme, variant_level=1))

peer = Portal()
"""# + postlude

    static let prelude = #"""
import sys
import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
log = open(sys.argv[1], "a", buffering=1)

def note(text):
    log.write(text + "\n")

"""#

    static let postlude = #"""

def on_input(source, condition):
    line = sys.stdin.readline()
    if not line or line.strip() == "quit":
        loop.quit()
        return False
    word, _, rest = line.rstrip("\n").partition(" ")
    peer.command(word, rest)
    return True

GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_input)
note("ready")
loop = GLib.MainLoop()
loop.run()
"""#
}
