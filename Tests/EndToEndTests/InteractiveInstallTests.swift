import Foundation
import TallyTestSupport
import Testing

/// Installing Tally like a Unix tool: `make install` and `make uninstall`, the man page and the
/// shell completions.
@Suite(.serialized)
struct InteractiveInstallTests {
    static let root = TallyUnderTest.repositoryRoot.path

    /// Each long option `tally --help` lists.
    static func helpOptions() throws -> [String] {
        let help = try TallyUnderTest.run(["--help"]).outputText
        return help.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.trimmingCharacters(in: [","])) }
        }
    }

    static func isInstalled(_ program: String) -> Bool {
        (try? TallyUnderTest.runInShell("command -v \(program)").status) == 0
    }

    @Test func makeInstallPutsTheFilesInPlaceAndUninstallTakesThemAway() throws {
        let destination = try TallyUnderTest.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let install = try TallyUnderTest.runInShell(
            "make -s -C '\(Self.root)' install-files BINARY=\"$TALLY\" DESTDIR='\(destination)' PREFIX=/usr")
        #expect(install.status == 0, "\(install.errors)")
        let files = [
            "bin/tally", "share/man/man1/tally.1", "share/bash-completion/completions/tally",
            "share/zsh/site-functions/_tally", "share/fish/vendor_completions.d/tally.fish",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: destination + "/usr/" + file), "\(file)")
        }
        let installed = try TallyUnderTest.runInShell("'\(destination)/usr/bin/tally' -e '6*7'")
        #expect(installed.output == "42\n")
        let uninstall = try TallyUnderTest.runInShell(
            "make -s -C '\(Self.root)' uninstall DESTDIR='\(destination)' PREFIX=/usr")
        #expect(uninstall.status == 0)
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: destination + "/usr/" + file), "\(file)")
        }
    }

    @Test func theManPageRendersAndListsEveryOption() throws {
        let page = try String(contentsOfFile: Self.root + "/man/tally.1", encoding: .utf8)
        for option in try Self.helpOptions() {
            // groff writes a hyphen in an option as \-.
            #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option)")
        }
        guard Self.isInstalled("man") else {
            print("man is not installed: the man page was not rendered (install man-db to check it)")
            return
        }
        let rendered = try TallyUnderTest.runInShell(
            "MANWIDTH=80 man --warnings -l '\(Self.root)/man/tally.1' 2>&1 >/dev/null; "
                + "MANWIDTH=80 man -l '\(Self.root)/man/tally.1'", environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(rendered.status == 0)
        #expect(rendered.output.hasPrefix("TALLY(1)"), "\(rendered.output.prefix(300))")
        #expect(rendered.output.contains("--history-file FILE"))
        // No warnings from groff: they come before the page.
        #expect(rendered.output.hasPrefix("TALLY(1)"))
    }

    @Test(arguments: [
        ("bash", "Completions/tally.bash"), ("zsh", "Completions/_tally"), ("fish", "Completions/tally.fish"),
    ])
    func eachCompletionScriptIsAcceptedAndNamesEveryOption(shell: String, path: String) throws {
        let script = try String(contentsOfFile: Self.root + "/" + path, encoding: .utf8)
        for option in try Self.helpOptions() {
            let name = String(option.dropFirst(2))
            #expect(script.contains(option) || script.contains("-l \(name) "), "\(shell): \(option)")
        }
        guard Self.isInstalled(shell) else {
            print("\(shell) is not installed: \(path) was not checked with \(shell) -n")
            return
        }
        let check = try TallyUnderTest.runInShell("\(shell) -n '\(Self.root)/\(path)'")
        #expect(check.status == 0, "\(check.errors)")
    }
}
