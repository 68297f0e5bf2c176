import Foundation

/// One libFuzzer harness: takes any bytes, must never crash, hang or grow without bound, and
/// checks what must hold of its parser's answer (a failed check is a crash, which libFuzzer
/// keeps as a finding). `make fuzz` builds them all into one binary and picks one per run
/// through `XMARQUEE_FUZZ_TARGET`; each has its corpus in `Fuzz/Corpus/<name>`.
protocol FuzzTarget {
    static var name: String { get }
    static func run(_ data: [UInt8])
}

enum FuzzTargets {
    typealias Harness = (name: String, run: @Sendable ([UInt8]) -> Void)

    static let all: [Harness] = [
        (MarkupFuzz.name, MarkupFuzz.run), (ScheduleFuzz.name, ScheduleFuzz.run),
        (CommandWordsFuzz.name, CommandWordsFuzz.run), (RecordLineFuzz.name, RecordLineFuzz.run),
        (ControlRequestFuzz.name, ControlRequestFuzz.run), (GeometryColorFuzz.name, GeometryColorFuzz.run),
        (ConfigFuzz.name, ConfigFuzz.run), (FeedParserFuzz.name, FeedParserFuzz.run), (LayoutFuzz.name, LayoutFuzz.run),
        (XSettingsFuzz.name, XSettingsFuzz.run), (FilterPatternFuzz.name, FilterPatternFuzz.run),
        (DesktopBusFuzz.name, DesktopBusFuzz.run), (TickrFuzz.name, TickrFuzz.run),
    ]

    nonisolated(unsafe) static var selected: Harness?

    /// The harness `XMARQUEE_FUZZ_TARGET` names; the process ends with the list when it names none.
    static func select() {
        let name = ProcessInfo.processInfo.environment["XMARQUEE_FUZZ_TARGET"] ?? ""
        guard let harness = all.first(where: { $0.name == name }) else {
            let names = all.map { $0.name }.joined(separator: " ")
            FileHandle.standardError.write(Data("XMARQUEE_FUZZ_TARGET must be one of: \(names)\n".utf8))
            exit(2)
        }
        selected = harness
    }

    /// A failed check: a crash, which libFuzzer reports with the input that caused it.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    FuzzTargets.select()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTargets.selected?.run(bytes)
    return 0
}
