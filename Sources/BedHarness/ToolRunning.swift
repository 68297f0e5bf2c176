import Foundation

/// What went wrong in a harness (a server that did not start, a tool that failed), said in one line.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Runs `tool` to its end; its status and output (standard output and error together).
public func runTool(_ tool: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let child = Process()
    child.executableURL = tool
    child.arguments = arguments
    child.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let pipe = Pipe()
    child.standardOutput = pipe
    child.standardError = pipe
    child.standardInput = FileHandle.nullDevice
    try child.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return (child.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Polls `condition` until it holds or `seconds` pass.
@discardableResult
public func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool { waitUntil(timeout: seconds, condition) }

/// Polls `condition` until it holds or `timeout` passes.
@discardableResult
public func waitUntil(timeout: TimeInterval, interval: TimeInterval = 0.02, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        // The one pause between two looks at a state: every wait on a state polls through here.
        Thread.sleep(forTimeInterval: interval)
    }
    return condition()
}
