// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "xmarquee",
    products: [
        .executable(name: "xmarquee", targets: ["xmarquee"]),
        .executable(name: "xmarquee-bench", targets: ["xmarquee-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Xlib, Xft, fontconfig and the X extensions, found through pkg-config.
        .systemLibrary(
            name: "CX11",
            path: "CX11",
            pkgConfig: "x11 xft fontconfig xrender xrandr xpresent xext",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig-dev", "libxrender-dev",
                              "libxrandr-dev", "libxpresent-dev", "libxext-dev"])]
        ),
        // Linux descriptors the event loop polls (timerfd, signalfd) that Glibc does not export.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // The pure model: content, layout, strip geometry, motion. No X11, testable without a display.
        .target(name: "MarqueeCore"),
        // Linux descriptors: the poll loop, signals, timers, watched files, standard input.
        .target(name: "MarqueeIO", dependencies: ["CLinux", "MarqueeCore"]),
        // Everything that talks to the X server.
        .target(name: "MarqueeX11", dependencies: ["CX11", "MarqueeIO", "MarqueeCore"]),
        .executableTarget(
            name: "xmarquee",
            dependencies: [
                "MarqueeCore", "MarqueeIO", "MarqueeX11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The benchmark's observer connection: Damage and Present, apart from the product's CX11.
        .systemLibrary(
            name: "CXBench",
            pkgConfig: "x11 xdamage xfixes xpresent",
            providers: [.apt(["libx11-dev", "libxdamage-dev", "libxfixes-dev", "libxpresent-dev"])]
        ),
        // `make bench`: runs the release xmarquee, a C floor and Tickr on its own Xvfb and measures them.
        .executableTarget(
            name: "xmarquee-bench",
            dependencies: ["CXBench", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "MarqueeCoreTests", dependencies: ["MarqueeCore"]),
        .testTarget(name: "MarqueeIOTests", dependencies: ["MarqueeCore", "MarqueeIO"]),
        .testTarget(name: "MarqueeX11Tests", dependencies: ["MarqueeCore", "MarqueeIO", "MarqueeX11", "CX11"]),
    ]
)
