import Foundation
import XCTest

/// The sanitizer `make test-sanitize` runs the tests under (it sets `XMARQUEE_SANITIZER` to
/// `address` or `thread`), or nil. A sanitized build runs several times slower and keeps shadow
/// memory: thresholds on frame timing, resident memory or seconds that the debug build meets
/// are not for it, while what the tests check of behaviour still is.
public enum Sanitizer {
    public static var name: String? {
        ProcessInfo.processInfo.environment["XMARQUEE_SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Skips the test under a sanitizer, saying why.
    public static func skip(_ why: String) throws {
        if let name { throw XCTSkip("skipped under the \(name) sanitizer: \(why)") }
    }
}
