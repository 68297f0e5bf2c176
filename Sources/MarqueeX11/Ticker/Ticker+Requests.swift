import MarqueeCore

/// The requests the app, `xmarquee ctl` and the config file make are the shared `PlayerHost`
/// ones; X11 adds how its frames are presented.
extension Ticker: PlayerHost {
    public func describeFrames(into report: inout StatusReport) {
        report.present = usesPresent
        report.tearFree = isTearFree
    }
}
