import XCTest
@testable import DisplayTestSupport

/// A test class with its own Xvfb: started before the class's first test, stopped after its
/// last, with the shared X connection to it closed first (the next server may get its number).
class XvfbTestCase: XCTestCase {
    /// The screen size of the class's server.
    class var screen: (width: Int, height: Int) { (1600, 200) }

    nonisolated(unsafe) private static var servers: [ObjectIdentifier: XvfbServer] = [:]

    static var server: XvfbServer! { servers[ObjectIdentifier(self)] }

    override class func setUp() {
        super.setUp()
        servers[ObjectIdentifier(self)] = try! XvfbServer(width: screen.width, height: screen.height)
    }

    override class func tearDown() {
        if let server {
            SharedConnections.close(server.display)
            server.stop()
        }
        servers[ObjectIdentifier(self)] = nil
        super.tearDown()
    }
}
