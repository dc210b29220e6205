import Foundation
import TallyTestSupport
import Testing

/// The docs are tests: every example in README.md and docs/*.md that shows a line and what it
/// prints is run through the real binary and compared exactly.
///
/// - A fenced block whose lines start with `> ` is an interactive session: each `> LINE` is typed
///   into `tally -q` on a pseudo-terminal, and the block must be exactly what the terminal shows
///   (prompt, line, then everything the line printed, up to the next prompt).
/// - A fenced block whose lines start with `$ ` holds shell commands: each runs under `/bin/sh`
///   with `tally` on the `PATH`, and the lines after it are its standard output and standard
///   error, interleaved as a terminal shows them.
///
/// Every example of one page runs in the page's order, with `TALLY_TODAY=2026-11-29` (and
/// `TALLY_NOW=2026-11-29T09:30:00Z`, `TZ=Europe/Paris`), in one
/// fresh data directory (the working directory of `$` commands), as the pages say. A session
/// block starts a new session; a `$` block shares the page's directory.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct DocExampleTests {
    static let pages: [String] = {
        let docs = TallyUnderTest.repositoryRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test func everyPageWithExamplesIsFound() {
        let withExamples = Self.pages.filter { !DocExample.examples(inPage: $0).isEmpty }
        #expect(withExamples.count >= 8, "pages with examples: \(withExamples)")
    }

    @Test(arguments: pages)
    func examplesPrintWhatThePageShows(_ page: String) throws {
        let sandbox = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        for example in DocExample.examples(inPage: page) {
            let shown = example.text
            let printed: String
            switch example.kind {
            case .session: printed = try runSession(example, in: sandbox)
            case .startedSession: printed = "$ tally\n" + (try runSession(example, in: sandbox, quietly: false))
            case .shell: printed = try runShell(example, in: sandbox)
            }
            #expect(
                DocExample.matches(printed: printed, shown: shown),
                "\(page):\(example.line): the example differs from what tally prints:\n\(printed)")
        }
    }

    private func environment(_ sandbox: URL) -> [String: String] {
        [
            "HOME": sandbox.path, "XDG_STATE_HOME": sandbox.path + "/state",
            "XDG_CONFIG_HOME": sandbox.path + "/config",
            "TALLY_DATA_DIR": sandbox.path + "/data", "TALLY_TODAY": "2026-11-29",
            // The clock and the local zone, pinned so that `now` reads the same everywhere.
            "TALLY_NOW": "2026-11-29T09:30:00Z", "TZ": "Europe/Paris",
        ]
    }

    /// Types each `> ` line of a session block and returns the terminal's text from the first
    /// prompt to the prompt after the last line.
    /// A session that ends with `exit` shows what it printed up to its end.
    private func runSession(_ example: DocExample, in sandbox: URL, quietly: Bool = true) throws -> String {
        let terminal = try PseudoTerminal(arguments: quietly ? ["-q"] : [], environment: environment(sandbox))
        var shown = try terminal.expect("> ")
        for line in example.inputs {
            terminal.type(line + "\r")
            if line == "exit" || line == "quit" {
                // The echo of the line first: the session may end before a loaded machine has
                // let the test read it.
                let echoed = try terminal.expect("\n", timeout: 60)
                _ = try terminal.waitForExit()
                return shown + "> " + echoed + "\n" + terminal.unread
            }
            shown += "> " + (try terminal.expect("\n> ", timeout: 60)) + "\n"
        }
        terminal.type(PseudoTerminal.controlD)
        _ = try? terminal.waitForExit()
        return shown
    }

    /// Runs a shell block as one script (so `$?` and `cd` carry from one command to the next),
    /// each command preceded by its `$ ` line, and returns what the script wrote.
    private func runShell(_ example: DocExample, in sandbox: URL) throws -> String {
        let binaries = TallyUnderTest.executable.deletingLastPathComponent().path
        // Each command runs with `$?` as the previous one left it, after its `$ ` line is shown.
        let script = example.inputs.map { command in
            let shown = ("$ " + command).replacingOccurrences(of: "'", with: "'\\''")
            return "printf '%s\\n' '\(shown)'\n(exit $status)\n\(command)\nstatus=$?\n"
        }.joined()
        let run = try TallyUnderTest.runInShell(
            "exec 2>&1\nstatus=0\n" + script,
            environment: environment(sandbox).merging(["PATH": binaries + ":/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 },
            currentDirectory: sandbox)
        return run.output
    }
}

/// One runnable example of a page: a fenced block of `> ` or `$ ` lines and their output.
struct DocExample {
    enum Kind {
        /// `> ` lines typed into `tally -q`.
        case session
        /// `$ ` commands run by the shell.
        case shell
        /// `$ tally` followed by its banner and `> ` lines: a session as it starts.
        case startedSession
    }

    var kind: Kind
    /// The block's text, as the page shows it.
    var text: String
    /// The typed lines or commands, without their `> ` or `$ `.
    var inputs: [String]
    /// The 1-based line of the page where the block's first line is.
    var line: Int

    /// The examples of `page` (a path relative to the repository root), in order.
    static func examples(inPage page: String) -> [DocExample] {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent(page)
        guard let source = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var examples: [DocExample] = []
        var block: [Substring]? = nil
        var blockLine = 0
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let lines = block {
                    if let example = DocExample(lines: lines, line: blockLine) { examples.append(example) }
                    block = nil
                } else {
                    block = []
                    blockLine = index + 2
                }
            } else if block != nil {
                block!.append(line)
            }
        }
        return examples
    }

    /// Whether `printed` is what `shown` shows: line for line, where a line of just `...` in
    /// `shown` stands for any number of lines (the page leaves them out).
    static func matches(printed: String, shown: String) -> Bool {
        let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        let shownLines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        func match(_ p: Int, _ s: Int) -> Bool {
            if s == shownLines.count { return p == printedLines.count }
            if shownLines[s] == "..." { return (p...printedLines.count).contains { match($0, s + 1) } }
            return p < printedLines.count && printedLines[p] == shownLines[s] && match(p + 1, s + 1)
        }
        return match(0, 0)
    }

    /// A block is an example when its first line starts with `> ` or `$ `.
    init?(lines: [Substring], line: Int) {
        guard let first = lines.first else { return nil }
        if first.hasPrefix("> ") {
            kind = .session
        } else if first.hasPrefix("$ ") {
            kind = .shell
        } else {
            return nil
        }
        text = lines.map { $0 + "\n" }.joined()
        inputs = []
        if kind == .session {
            inputs = lines.filter { $0.hasPrefix("> ") || $0 == ">" }.map { String($0.dropFirst(2)) }
        } else if first == "$ tally", lines.contains(where: { $0.hasPrefix("> ") }) {
            kind = .startedSession
            inputs = lines.filter { $0.hasPrefix("> ") || $0 == ">" }.map { String($0.dropFirst(2)) }
        } else {
            // A command goes on over the next lines while a single quote is open in it.
            var open: String? = nil
            for line in lines {
                if var command = open {
                    command += "\n" + line
                    open = Self.leavesAQuoteOpen(command) ? command : nil
                    if open == nil { inputs.append(command) }
                } else if line.hasPrefix("$ ") {
                    let command = String(line.dropFirst(2))
                    if Self.leavesAQuoteOpen(command) { open = command } else { inputs.append(command) }
                }
            }
        }
        self.line = line
    }

    /// Whether a shell command ends inside single or double quotes (so it goes on over the next
    /// line), by the shell's rules: no escapes inside single quotes, `\` escapes elsewhere.
    static func leavesAQuoteOpen(_ command: String) -> Bool {
        var quote: Character? = nil
        var escaped = false
        for character in command {
            if escaped {
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            }
        }
        return quote != nil
    }
}
