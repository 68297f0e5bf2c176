import MarqueeFormats

/// A request line on the control socket: parsed or refused; a parsed one prints back to itself.
enum ControlRequestFuzz: FuzzTarget {
    static let name = "control-request"

    static func run(_ data: [UInt8]) {
        guard let request = try? ControlRequest(parsing: TextSanitizer.decode(data)) else { return }
        FuzzTargets.require((try? ControlRequest(parsing: request.line)) == request, "\(request) does not print back")
    }
}
