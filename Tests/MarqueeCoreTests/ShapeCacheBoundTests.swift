import MarqueeCore
import XCTest

/// The shape cache stays under its bound in bytes whatever the text, and lets go of what has
/// left the strip.
final class ShapeCacheBoundTests: XCTestCase {
    private let bookkeeping = ByteBoundedCache<Int, String>.bookkeepingBytes

    func testTheLeastRecentlyUsedEntriesGoFirstOnceTheBytesWouldPassTheBound() {
        var cache = ByteBoundedCache<Int, String>(byteLimit: 3 * (100 + bookkeeping))
        for key in 0..<3 { cache.insert("\(key)", for: key, bytes: 100) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.value(for: 0), "0", "0 is now the most recently used")
        cache.insert("3", for: 3, bytes: 100)
        XCTAssertNil(cache.value(for: 1), "the least recently used went")
        XCTAssertEqual([0, 2, 3].map { cache.value(for: $0) }, ["0", "2", "3"])
        // One entry as large as the bound makes room for itself by dropping every small one.
        cache.insert("big", for: 4, bytes: 300 + 2 * bookkeeping)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.value(for: 4), "big")
        XCTAssertLessThanOrEqual(cache.byteCount, cache.byteLimit)
    }

    func testAnEntryLargerThanTheBoundIsNotKept() {
        var cache = ByteBoundedCache<Int, String>(byteLimit: 1000)
        cache.insert("small", for: 1, bytes: 10)
        cache.insert("huge", for: 2, bytes: 1000)
        XCTAssertNil(cache.value(for: 2))
        XCTAssertEqual(cache.value(for: 1), "small", "nothing was dropped for it")
    }

    func testEntriesUnusedForTwoGenerationsAreLetGo() {
        var cache = ByteBoundedCache<String, Int>(byteLimit: 1 << 20)
        cache.insert(1, for: "12:00:00", bytes: 50)
        cache.insert(2, for: "headline", bytes: 50)
        cache.endGeneration()
        cache.insert(3, for: "12:00:01", bytes: 50)
        _ = cache.value(for: "headline")
        cache.endGeneration()
        XCTAssertEqual(cache.count, 3, "everything was used by this generation or the one before")
        cache.insert(4, for: "12:00:02", bytes: 50)
        _ = cache.value(for: "headline")
        cache.endGeneration()
        XCTAssertNil(cache.value(for: "12:00:00"), "two seconds ago: off the strip")
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.byteCount, 3 * (50 + ByteBoundedCache<String, Int>.bookkeepingBytes))
    }

    func testRandomTextKeepsTheShapeCacheUnderItsBound() {
        let shaper = FakeShaper()
        let cache = ShapeCache(shaper: shaper, byteLimit: 256 << 10)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let line = String((0..<600).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &generator))) })
            let words = stride(from: 0, to: 600, by: 40).map { String(line.dropFirst($0).prefix(40)) }
            _ = CycleLayoutBuilder.layout(messages: [words.joined(separator: " ")], separator: " ", cache: cache)
            XCTAssertLessThanOrEqual(cache.byteCount, cache.byteLimit)
        }
        XCTAssertGreaterThan(shaper.calls, 2000, "every random word was shaped")
        XCTAssertGreaterThan(cache.byteCount, cache.byteLimit / 2, "and the cache is used up to its bound")
        XCTAssertLessThan(cache.count, 2000)
    }

    func testAClockTickingForAnHourLeavesOnlyTheSecondsOnTheStripInTheCache() {
        let cache = ShapeCache(shaper: FakeShaper())
        let headlines = (0..<20).map { Message("Headline \($0) of the day") }
        let settings = LayoutSettings(separator: " | ")
        var layout: CycleLayout?
        var sizeAfterAMinute = 0
        for second in 0..<3600 {
            let clock = Message([12 + second / 3600, second / 60 % 60, second % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
                .joined(separator: ":"))
            var builder = CycleLayoutBuilder(groups: [MessageGroup(source: "file", messages: headlines),
                                                      MessageGroup(source: "clock", messages: [clock])],
                                             settings: settings, reusing: layout)
            while true {
                if let made = builder.run(budget: .max, cache: cache) { layout = made; break }
            }
            cache.endGeneration()
            if second == 60 { sizeAfterAMinute = cache.byteCount }
        }
        XCTAssertEqual(cache.byteCount, sizeAfterAMinute, "flat after the first minute")
        XCTAssertLessThan(cache.count, 10, "the last seconds and the separator, not 3600 clock readings")
    }

    func testUnchangedTextIsStillShapedOnceWhileItIsInUse() {
        let shaper = FakeShaper()
        let cache = ShapeCache(shaper: shaper)
        var callsAfterTheFirst = 0
        for _ in 0..<5 {
            _ = CycleLayoutBuilder.layout(messages: ["the same words", "the same words again"], separator: " | ", cache: cache)
            cache.endGeneration()
            if callsAfterTheFirst == 0 { callsAfterTheFirst = shaper.calls }
        }
        XCTAssertEqual(shaper.calls, callsAfterTheFirst, "each distinct piece shaped once in five layouts")
    }
}
