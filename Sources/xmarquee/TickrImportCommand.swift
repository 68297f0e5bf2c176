import Glibc
import MarqueeConfig
import MarqueeFormats
import MarqueeIO
import TickrImport

/// `xmarquee --import-tickr [PATH]`: reads Tickr's feed list and settings from its folder
/// (`~/.tickr`) and writes them as our config file, saying what was carried over and what was
/// not. An existing config file is replaced only with `--force`.
enum TickrImportCommand {
    /// Tickr's files are a few kilobytes; a larger one is no file of Tickr's.
    static let sizeLimit = 1 << 20

    /// Runs the import and returns the exit status. A leading `~/` in `folder` is `$HOME`.
    static func run(folder given: String, configPath: String?, force: Bool) -> Int32 {
        guard let folder = TickrFolder.expandingHome(given) else {
            return fail("cannot find your home folder (HOME is not set, and no password entry for uid \(getuid()))", .input)
        }
        guard let configPath else { return fail("cannot tell where the config file goes: neither XDG_CONFIG_HOME nor HOME is set", .usage) }
        var info = stat()
        guard stat(folder, &info) == 0 else {
            return fail("cannot read Tickr's folder \"\(folder)\": \(String(cString: strerror(errno)))", .input)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return fail("\"\(folder)\" is not a folder (Tickr keeps its files in ~/.tickr)", .input) }
        // Refused before anything is read: a second import changes nothing without --force.
        if !force && access(configPath, F_OK) == 0 {
            return fail("\(configPath) exists: --import-tickr --force replaces it (nothing was written)", .configExists)
        }
        let list: [UInt8]?, conf: [UInt8]?
        do {
            list = try read(folder + "/tickr-url-list")
            conf = try read(folder + "/tickr-conf")
        } catch {
            return fail(error.description, .input)
        }
        guard list != nil || conf != nil else {
            return fail("\"\(folder)\" has neither tickr-url-list nor tickr-conf: nothing of Tickr's to import", .input)
        }
        let migration = TickrMigration(feeds: list.map { TickrFeedList(bytes: $0) }, settings: conf.map { TickrSettings(bytes: $0) },
                                       source: folder)
        do {
            try AtomicFile.write(Array(migration.document.text.utf8), to: configPath, replacing: force, check: ConfigCheck.refusal)
        } catch .exists {
            return fail("\(configPath) exists: --import-tickr --force replaces it (nothing was written)", .configExists)
        } catch {
            return fail(error.description, .input)
        }
        print("xmarquee: wrote \(configPath) from Tickr's \(folder)")
        for line in migration.carried { print("  carried over: \(line)") }
        for line in migration.notCarried { print("  not carried over: \(line)") }
        return ExitStatus.success.rawValue
    }

    /// A file's bytes; nil when it does not exist.
    private static func read(_ path: String) throws(FileReadError) -> [UInt8]? {
        guard access(path, F_OK) == 0 else { return nil }
        return try FileReading.contents(of: path, limit: sizeLimit)
    }

    private static func fail(_ message: String, _ status: ExitStatus) -> Int32 {
        Diagnostics.error("--import-tickr: \(message)")
        return status.rawValue
    }
}

/// The written config read back the way the ticker reads any config (the helper's TOML parser,
/// then the options' own checks), before it takes the config file's name.
private enum ConfigCheck {
    static func refusal(_ path: String) -> String? {
        let resolver = OptionsResolver(commandLine: [], configPath: path, configIsExplicit: true, commandLineHasMessages: false)
        switch resolver.resolve(config: resolver.readConfig()) {
        case .success: return nil
        case .failure(let failure): return "the config written from Tickr's files does not read back (a bug): \(failure.message)"
        }
    }
}
