import Foundation
@testable import DisplayTestSupport

/// A finished run of a command-line program.
struct ToolRun {
    let status: Int32
    let output: String
    let errors: String
}

/// Runs the programs the tests drive (xprop, xrandr, make, the built xmarquee, …).
enum Tool {
    /// Runs `program` (found on PATH) to its end. Output goes through files, so a chatty program
    /// cannot fill a pipe and stall.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: String? = nil) -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = TemporaryFile(), err = TemporaryFile()
        process.standardOutput = out.handle
        process.standardError = err.handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return ToolRun(status: -1, output: "", errors: "\(error)") }
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: out.contents, errors: err.contents)
    }

    /// Polls `condition` until it holds or `timeout` seconds pass.
    static func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        waitUntil(timeout: timeout, interval: 0.05, condition)
    }
}

/// A file in the temporary folder, removed with its owner.
final class TemporaryFile {
    let path: String
    let handle: FileHandle

    init() {
        path = NSTemporaryDirectory() + "xmarquee-test-\(UUID().uuidString)"
        precondition(FileManager.default.createFile(atPath: path, contents: nil), "cannot create \(path)")
        handle = FileHandle(forWritingAtPath: path)!
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    var contents: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
}

/// A temporary folder, removed with its owner.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "xmarquee-test-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` inside the folder (creating subfolders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Every regular file below the folder, relative to it.
    var files: [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(name)
            }
        }
        return found.sorted()
    }
}

/// Paths in the package: the built binary the tests run, the shipped assets.
enum PackagePaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() } // Support, DesktopTests, Tests
        return url.path
    }()

    /// The xmarquee built with the tests (`swift build --build-tests` builds it too).
    static var binary: String {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent().path
        for candidate in [bundle + "/xmarquee", root + "/.build/debug/xmarquee"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return root + "/.build/debug/xmarquee"
    }
}
