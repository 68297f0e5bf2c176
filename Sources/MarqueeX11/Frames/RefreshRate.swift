import CX11

/// The refresh rate of the CRTC showing the screen, from RandR.
enum RefreshRate {
    static let fallbackHz = 60.0

    /// hz = dot clock / (htotal × vtotal), corrected for double-scan and interlace.
    /// Xvfb reports zeros for all three: the fallback of 60 Hz is used then.
    static func current(on connection: XConnection) -> Double {
        guard let resources = XRRGetScreenResourcesCurrent(connection.display, connection.root) else { return fallbackHz }
        defer { XRRFreeScreenResources(resources) }
        let screenResources = resources.pointee
        for crtcIndex in 0..<Int(screenResources.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(connection.display, resources, screenResources.crtcs[crtcIndex]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let modeID = crtc.pointee.mode
            guard modeID != 0 else { continue }
            for modeIndex in 0..<Int(screenResources.nmode) {
                let mode = screenResources.modes[modeIndex]
                guard mode.id == modeID else { continue }
                var vTotal = Double(mode.vTotal)
                if mode.modeFlags & UInt(RR_DoubleScan) != 0 { vTotal *= 2 }
                if mode.modeFlags & UInt(RR_Interlace) != 0 { vTotal /= 2 }
                let hTotal = Double(mode.hTotal)
                guard mode.dotClock > 0, hTotal > 0, vTotal > 0 else { continue }
                let hz = Double(mode.dotClock) / (hTotal * vTotal)
                if hz >= 10 && hz <= 1000 { return hz }
            }
        }
        return fallbackHz
    }
}
