import Foundation
import Glibc

/// The accessibility bus on a private session bus, as a desktop starts it
/// (`at-spi-bus-launcher --launch-immediately`, package at-spi2-core): `org.a11y.Bus` answers
/// `GetAddress`, and the registry is started on that bus when first asked. Stopped (the launcher
/// takes its bus down with it) by `stop()` or when the test lets it go.
public final class AccessibilityBusLauncher {
    public static let path = "/usr/libexec/at-spi-bus-launcher"
    private let launcher = Process()

    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    public init(bus: PrivateSessionBus) throws {
        launcher.executableURL = URL(fileURLWithPath: Self.path)
        launcher.arguments = ["--launch-immediately"]
        // No DISPLAY: the launcher would publish the bus's address on the X root window.
        var environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, new in new }
        environment.removeValue(forKey: "DISPLAY")
        launcher.environment = environment
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        guard waitFor(seconds: 10, { bus.owner(of: "org.a11y.Bus") != nil }) else {
            stop()
            throw HarnessError("at-spi-bus-launcher did not take org.a11y.Bus")
        }
    }

    deinit { stop() }

    public func stop() {
        guard launcher.isRunning else { return }
        launcher.terminate()
        launcher.waitUntilExit()
    }
}
