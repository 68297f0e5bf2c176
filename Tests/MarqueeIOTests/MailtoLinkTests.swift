@testable import MarqueeIO
import XCTest

/// A mailto: link loses the fields that would attach a local file, in every spelling, and keeps
/// the rest as written.
final class MailtoLinkTests: XCTestCase {
    func testAttachLikeFieldsAreLeftOut() {
        let cases: [(String, String)] = [
            ("mailto:a@example.org?subject=Hi&attach=/home/me/.ssh/id_ed25519", "mailto:a@example.org?subject=Hi"),
            ("mailto:a@example.org?attachment=file:///etc/shadow&body=x%20y", "mailto:a@example.org?body=x%20y"),
            ("mailto:a@example.org?ATTACH=/x;subject=S;Attachments=/y", "mailto:a@example.org?subject=S"),
            ("mailto:a@example.org?%61ttach=/x&cc=b@example.org", "mailto:a@example.org?cc=b@example.org"),
            ("mailto:a@example.org?attach=/x", "mailto:a@example.org"),
            ("MAILTO:a@example.org?x-attach-file=/x&subject=Hi", "MAILTO:a@example.org?subject=Hi"),
            ("mailto:a@example.org?subject=Please%20attach%20the%20file", "mailto:a@example.org?subject=Please%20attach%20the%20file"),
            ("mailto:a@example.org", "mailto:a@example.org"),
            ("https://example.org/?attach=1", "https://example.org/?attach=1"),
        ]
        for (link, expected) in cases { XCTAssertEqual(MailtoLink.withoutAttachments(link), expected, link) }
    }
}
