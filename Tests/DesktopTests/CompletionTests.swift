import Foundation
import XCTest

/// The completion scripts `make install` generates from the command line's declarations, loaded
/// by each shell from where it looks for them under PREFIX.
final class CompletionTests: XCTestCase {
    nonisolated(unsafe) static var folder: TemporaryFolder!
    static var prefix: String { folder.path + "/prefix" }

    override class func setUp() {
        folder = TemporaryFolder()
        let install = Tool.run("make", ["-s", "install", "PREFIX=\(prefix)", "BINARY=\(PackagePaths.binary)"],
                               directory: PackagePaths.root)
        precondition(install.status == 0, install.errors)
    }

    override class func tearDown() {
        Tool.run("make", ["-s", "uninstall", "PREFIX=\(prefix)"], directory: PackagePaths.root)
        folder = nil
    }

    private func requireShell(_ name: String) throws {
        if Tool.run("which", [name]).status != 0 { throw XCTSkip("\(name) is not installed (scripts/install-deps.sh test installs it)") }
    }

    func testBashRegistersTheCompletion() throws {
        try requireShell("bash")
        let script = Self.prefix + "/share/bash-completion/completions/xmarquee"
        let run = Tool.run("bash", ["--norc", "-c", "source \"$1\" && complete -p xmarquee", "bash", script])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output.trimmingCharacters(in: .whitespacesAndNewlines), "complete -o filenames -F _xmarquee xmarquee")
    }

    func testZshFindsTheFunctionInItsPath() throws {
        try requireShell("zsh")
        let folder = Self.prefix + "/share/zsh/site-functions"
        let run = Tool.run("zsh", ["-f", "-c", "fpath=(\"$1\" $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[xmarquee]",
                                   "zsh", folder])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output.trimmingCharacters(in: .whitespacesAndNewlines), "_xmarquee")
    }

    func testFishCompletesOptionsAndTheirValues() throws {
        try requireShell("fish")
        let script = Self.prefix + "/share/fish/vendor_completions.d/xmarquee.fish"
        func complete(_ line: String) -> [String] {
            let run = Tool.run("fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            XCTAssertEqual(run.status, 0, run.errors)
            return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        XCTAssertEqual(complete("xmarquee --mot"), ["--motion"])
        XCTAssertEqual(complete("xmarquee --motion "), ["auto", "always", "reduced"])
        XCTAssertEqual(complete("xmarquee --bar "), ["top", "bottom"])
        XCTAssertTrue(complete("xmarquee ").contains("ctl"), "the ctl subcommand is offered")
    }
}
