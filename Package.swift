// swift-tools-version:6.0
import PackageDescription

/// The modules a frame runs through: release builds leave out the run-time exclusivity checks,
/// which cost about a tenth of a frame's instructions (debug builds and the tests keep them).
let framePathSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "xmarquee",
    products: [
        .executable(name: "xmarquee", targets: ["xmarquee"]),
        .executable(name: "xmarquee-feed", targets: ["xmarquee-feed"]),
        .executable(name: "xmarquee-bench", targets: ["xmarquee-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Xlib and the X extensions, found through pkg-config (XFixes: the compositor's selection
        // is watched for a translucent background).
        .systemLibrary(
            name: "CX11",
            path: "CX11",
            pkgConfig: "x11 xrender xrandr xpresent xext xfixes x11-xcb xcb-present",
            providers: [.apt(["libx11-dev", "libxrender-dev", "libxrandr-dev", "libxpresent-dev", "libxext-dev",
                              "libxfixes-dev", "libx11-xcb-dev", "libxcb-present-dev"])]
        ),
        // GNU FriBidi: the bidirectional algorithm, found through pkg-config.
        .systemLibrary(
            name: "CFriBidi",
            path: "Sources/CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        // The directional runs of a line and their order on screen. No X11.
        .target(name: "BidiText", dependencies: ["CFriBidi"]),
        // Linux descriptors the event loop polls (timerfd, signalfd) that Glibc does not export.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // The pure model: content, markup, shaped layout, the strip, motion, the player. Imports
        // nothing and names no display system; tested without a display.
        .target(name: "MarqueeCore", swiftSettings: framePathSettings),
        // Wire and file formats, pure and fuzzed (Fuzz/Targets): XSETTINGS, colour names, the
        // desktop bus's messages, feed records and cache entries, control requests and the status
        // report, schedules, the option values read from a command line. Imports nothing.
        .target(name: "MarqueeFormats"),
        // fontconfig (matching, fallback), FreeType (faces) and HarfBuzz (shaping), found through pkg-config.
        .systemLibrary(
            name: "CFonts",
            path: "Sources/CFonts",
            pkgConfig: "fontconfig freetype2 harfbuzz",
            providers: [.apt(["libfontconfig-dev", "libfreetype-dev", "libharfbuzz-dev"])]
        ),
        // Fonts for every display backend: fontconfig's matches and fallback per character, one
        // FreeType face per font file and size, HarfBuzz shaping on that face, the bidi runs. No
        // display system (a backend passes in its rendering defaults: DPI, antialiasing, hinting).
        .target(name: "FontMatching", dependencies: ["CFonts", "BidiText", "MarqueeCore", "MarqueeFormats"]),
        // pixman (tiles), found through pkg-config.
        .systemLibrary(
            name: "CRaster",
            path: "Sources/CRaster",
            pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]
        ),
        // The tile rasterizer every display backend draws with: shaped glyphs rendered by FreeType
        // at sub-pixel phases and composited with pixman into tiles. No display system.
        .target(name: "TileRaster", dependencies: ["CRaster", "CFonts", "FontMatching", "MarqueeCore"]),
        // sd-bus (libsystemd): the desktop bus without a thread of its own. Its headers only
        // (libsystemd-dev, in /usr/include): the library is loaded when a bus is first opened, not
        // linked (pkg-config would link it, about 1.5 MB resident on every run).
        .target(name: "CSystemdBus", path: "Sources/CSystemdBus"),
        // Linux descriptors: the poll loop, signals, timers, watched files, standard input.
        .target(name: "MarqueeIO", dependencies: ["CLinux", "MarqueeCore", "MarqueeFormats"], swiftSettings: framePathSettings),
        // What every display shares above its pixels: the driver (player, timers, frames on and
        // off, the display's events as the player's inputs) and the backend interface a display
        // implements. No display system.
        .target(name: "TickerDriver", dependencies: ["CLinux", "MarqueeCore", "MarqueeFormats", "MarqueeIO"], swiftSettings: framePathSettings),
        // The desktop bus (D-Bus through sd-bus, on the one event loop): now playing (MPRIS),
        // desktop notifications, the portal's settings. Its peers' values are read into bounded
        // `BusValue`s, which MarqueeFormats' parsers read.
        .target(name: "DesktopBus", dependencies: ["CSystemdBus", "MarqueeIO", "MarqueeCore", "MarqueeFormats"]),
        // libwayland-client, libwayland-cursor (the pointer's shapes from the cursor theme) and
        // xkbcommon (the keyboard's keymap), found through pkg-config.
        .systemLibrary(
            name: "CWaylandClient",
            path: "Sources/CWaylandClient",
            pkgConfig: "wayland-client wayland-cursor xkbcommon",
            providers: [.apt(["libwayland-dev", "libxkbcommon-dev"])]
        ),
        // wayland-scanner's C for the protocols beyond the core (xdg-shell, viewporter,
        // presentation-time, fractional-scale, xdg-output, layer-shell): committed, regenerated by
        // scripts/generate-wayland-protocols.sh (SwiftPM plugins cannot generate C headers).
        .target(name: "WaylandProtocols", dependencies: ["CWaylandClient"]),
        // Everything that talks to a Wayland compositor: a layer-shell bar drawn with the tiles.
        .target(name: "MarqueeWayland", dependencies: ["CWaylandClient", "WaylandProtocols", "MarqueeIO", "MarqueeCore", "MarqueeFormats", "FontMatching", "TileRaster",
                                                "TickerDriver"],
                swiftSettings: framePathSettings),
        // Everything that talks to the X server.
        .target(name: "MarqueeX11", dependencies: ["CX11", "MarqueeIO", "MarqueeCore", "MarqueeFormats", "FontMatching", "TileRaster", "TickerDriver"],
                swiftSettings: framePathSettings),
        // The config file's model: settings turned into the command line's own arguments, and the
        // records the helper sends them in. Swift only, linked into the ticker.
        .target(name: "MarqueeConfig", dependencies: ["MarqueeFormats"]),
        // The TOML parsing of the config file (TOMLKit, which brings Foundation, ICU and libstdc++):
        // linked only into the helper, which the ticker runs when there is a config file to read.
        .target(
            name: "MarqueeConfigTOML",
            dependencies: ["MarqueeConfig", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // Tickr's feed list and settings read and turned into our config file (`--import-tickr`).
        // Swift only, no display: linked into the ticker and unit-tested.
        .target(name: "TickrImport", dependencies: ["MarqueeConfig"]),
        .executableTarget(
            name: "xmarquee",
            dependencies: [
                "MarqueeCore", "MarqueeFormats", "MarqueeIO", "TickerDriver", "MarqueeX11", "MarqueeWayland", "MarqueeConfig", "TickrImport", "FontMatching", "TileRaster",
                "DesktopBus", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libxml2 (strict, then recover mode) and libcurl (a transfer that stops at once), found
        // through pkg-config, for the feed helper only.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Feeds: fetching (libcurl) and parsing (libxml2's SAX2 parser, Foundation's JSON for JSON
        // Feed), linked only into the `xmarquee-feed` helper the ticker starts per fetch — never
        // into the ticker itself.
        .target(name: "FeedReader", dependencies: ["CLibXML2", "CCurl"]),
        // Landlock and seccomp through their system calls (no library for them here): the fence
        // the helper puts itself in before it reads its input.
        .target(name: "CSandbox", path: "Sources/CSandbox"),
        // The helper: feeds and OPML lists, and the config file (`xmarquee-feed read-config PATH`).
        .executableTarget(
            name: "xmarquee-feed",
            dependencies: ["FeedReader", "MarqueeFormats", "MarqueeIO", "MarqueeConfig", "MarqueeConfigTOML", "CSandbox",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `make generate`: the man pages and the README's option table, filled from the command
        // lines (`--experimental-dump-help`) and the settings' declarations. A tool of the build only.
        .executableTarget(
            name: "xmarquee-manual",
            dependencies: ["MarqueeConfig", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // A small HTTP server on 127.0.0.1 serving good, bad and hostile feeds to the tests.
        .target(name: "FeedTestServer", dependencies: ["CZlib", "CBrotli"], path: "Tests/FeedTestServer"),
        // The compositor bed (scripts/testbed.sh's Debian sid chroot): its compositors started
        // headless as its unprivileged user in namespaces of their own, and clients run against
        // them. What the bed tests (which read their pixels) and the bench (their CPU) share.
        .target(name: "BedHarness"),
        // What the tests of every display share: an Xvfb, a headless sway (and other compositors),
        // screenshots, and the built `xmarquee` run as a user runs it.
        // (a virtual pointer on a Wayland seat through libwayland-client).
        .target(name: "DisplayTestSupport", dependencies: ["BedHarness", "CWaylandClient", "WaylandProtocols", "CXBench"],
                path: "Tests/DisplayTestSupport"),
        // A backend's frames recorded as the driver hands them, for the in-process display tests.
        .target(name: "DriverTestSupport", dependencies: ["TickerDriver", "MarqueeCore"], path: "Tests/DriverTestSupport"),
        // The driver alone, over a fake backend and a fake clock: no display.
        .testTarget(name: "TickerDriverTests", dependencies: ["TickerDriver", "MarqueeCore", "MarqueeFormats", "MarqueeIO"]),
        // The same behaviour checked on every backend, one test code run against Xvfb and headless sway.
        .testTarget(name: "BackendParityTests", dependencies: ["DisplayTestSupport"]),
        // zlib and the brotli encoder, for the test server's gzip, deflate and brotli bombs.
        .systemLibrary(name: "CZlib", path: "Tests/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", path: "Tests/CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        // The corpus is read from the source tree (#filePath), not bundled.
        .testTarget(name: "FeedReaderTests", dependencies: ["FeedReader", "MarqueeCore", "FeedTestServer"],
                    exclude: ["Corpus"]),
        // The benchmark's observer connection: Damage and Present, apart from the product's CX11;
        // FreeType and fontconfig for the step reader's self-check on real glyphs.
        .systemLibrary(
            name: "CXBench",
            pkgConfig: "x11 xdamage xfixes xpresent freetype2 fontconfig",
            providers: [.apt(["libx11-dev", "libxdamage-dev", "libxfixes-dev", "libxpresent-dev", "libfreetype-dev", "libfontconfig-dev"])]
        ),
        // `make bench`: runs the release xmarquee, a C floor and Tickr on its own Xvfb and measures them.
        .executableTarget(
            name: "xmarquee-bench",
            dependencies: ["CXBench", "BedHarness", "MarqueeFormats", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // libFuzzer harnesses for every parser (`make fuzz`); a plain build only checks they compile.
        .target(
            name: "FuzzTargets",
            dependencies: ["MarqueeCore", "MarqueeFormats", "BidiText", "MarqueeConfig", "MarqueeConfigTOML", "FeedReader", "TickrImport"],
            path: "Fuzz/Targets"
        ),
        .testTarget(name: "MarqueeCoreTests", dependencies: ["MarqueeCore"]),
        // The formats; MarqueeCore only for the check that its layout keeps the sanitizer's rule.
        .testTarget(name: "MarqueeFormatsTests", dependencies: ["MarqueeFormats", "MarqueeCore"]),
        // The app's own decisions (which display a start uses), on the executable's module.
        .testTarget(name: "XMarqueeTests", dependencies: ["xmarquee"]),
        // Tickr's files read, and the config written from them parsed back by our own TOML reader.
        .testTarget(name: "TickrImportTests", dependencies: ["TickrImport", "MarqueeConfig", "MarqueeConfigTOML"]),
        .testTarget(name: "TileRasterTests", dependencies: ["TileRaster", "FontMatching", "MarqueeCore"]),
        // Matching, rendering defaults and faces against the installed fonts: no display.
        .testTarget(name: "FontMatchingTests", dependencies: ["FontMatching", "CFonts", "MarqueeCore"]),
        // The Wayland backend under headless sway (and weston), and the generated protocol code's check.
        .testTarget(name: "MarqueeWaylandTests", dependencies: ["MarqueeWayland", "TickerDriver", "DriverTestSupport", "DisplayTestSupport", "MarqueeCore", "MarqueeFormats", "FontMatching", "CWaylandClient", "WaylandProtocols"]),
        .testTarget(name: "BidiTextTests", dependencies: ["BidiText"]),
        .testTarget(name: "MarqueeIOTests", dependencies: ["MarqueeCore", "MarqueeFormats", "MarqueeIO", "FeedTestServer"]),
        .testTarget(name: "MarqueeX11Tests", dependencies: ["MarqueeCore", "MarqueeFormats", "MarqueeIO", "MarqueeX11", "TickerDriver", "DriverTestSupport", "DisplayTestSupport", "CX11", "FeedTestServer", "BidiText",
                                                            "CZlib", "TileRaster", "FontMatching"]),
        // Bar mode, monitors, config file, desktop entry and install: checked under Xvfb + openbox
        // against the built binary, plus the pure strut and config arithmetic.
        .testTarget(name: "DesktopTests", dependencies: ["MarqueeFormats", "MarqueeConfig", "MarqueeConfigTOML", "FeedTestServer", "DisplayTestSupport"],
                    exclude: ["Fixtures"]),
    ]
)
