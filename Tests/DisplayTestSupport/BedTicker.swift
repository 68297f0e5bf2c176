import Foundation

/// The tests' own build in the bed: the debug `xmarquee` beside them and its helper.
extension CompositorBed {
    /// The debug `xmarquee` inside the bed.
    static let ticker = folder(for: XMarqueeRun.executable.path) + "/xmarquee"

    /// Why the bed cannot be used here (printed loudly by the tests that skip); nil once it is
    /// mounted and holds the debug `xmarquee` and `xmarquee-feed`. Asked once per test process.
    static let unavailable: String? = {
        let built = XMarqueeRun.executable
        return readiness(installing: [built.path, built.deletingLastPathComponent().appendingPathComponent("xmarquee-feed").path])
    }()
}
