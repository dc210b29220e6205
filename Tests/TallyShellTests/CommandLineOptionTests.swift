import Foundation
import TallyTestSupport
import Testing

@testable import TallyShell

/// The table of options is the one definition: `--help` is written from it, and the man
/// page's OPTIONS section and the bash, zsh and fish completions must say what it says. Each
/// file is compared whole with what the table gives; on a difference the test prints the text
/// to put in its place, and `TALLY_WRITE_OPTION_FILES=1 swift test --filter CommandLineOptionTests`
/// writes the four files from the table.
struct CommandLineOptionTests {
    static let options = CommandLineOption.all

    static func file(_ path: String) throws -> String {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["TALLY_WRITE_OPTION_FILES"] == "1" { try write(to: path) }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Writes the file at `path` from the table.
    static func write(to path: String) throws {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent(path)
        switch path {
        case "Completions/tally.fish": try fish.write(to: url, atomically: true, encoding: .utf8)
        case "Completions/_tally": try zsh.write(to: url, atomically: true, encoding: .utf8)
        case "Completions/tally.bash": try bash.write(to: url, atomically: true, encoding: .utf8)
        default:
            let page = try String(contentsOf: url, encoding: .utf8)
            guard let start = page.range(of: ".SH OPTIONS\n"), let end = page.range(of: ".SH THE INTERACTIVE SESSION\n")
            else { return }
            try (String(page[..<start.upperBound]) + manOptions + String(page[end.lowerBound...]))
                .write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func theFishCompletionIsTheTable() throws {
        let expected = Self.fish
        #expect(try Self.file("Completions/tally.fish") == expected, "Completions/tally.fish should be:\n\(expected)")
    }

    @Test func theZshCompletionIsTheTable() throws {
        let expected = Self.zsh
        #expect(try Self.file("Completions/_tally") == expected, "Completions/_tally should be:\n\(expected)")
    }

    @Test func theBashCompletionIsTheTable() throws {
        let expected = Self.bash
        #expect(try Self.file("Completions/tally.bash") == expected, "Completions/tally.bash should be:\n\(expected)")
    }

    @Test func theManPageOptionsAreTheTable() throws {
        let page = try Self.file("man/tally.1")
        let start = try #require(page.range(of: ".SH OPTIONS\n"))
        let end = try #require(page.range(of: ".SH THE INTERACTIVE SESSION\n"))
        let section = String(page[start.upperBound..<end.lowerBound])
        #expect(section == Self.manOptions, "man/tally.1's OPTIONS section should be:\n\(Self.manOptions)")
    }

    /// Every option parses from its names, `--name=value` included; an option that takes no
    /// value refuses one.
    @Test func everyOptionParsesByEachName() throws {
        for option in Self.options {
            var names = ["--" + option.long]
            if let short = option.short { names.append("-\(short)") }
            for name in names {
                let value: [String] =
                    switch option.valueCompletion {
                    case _ where option.valueName == nil: []
                    case .words(let words): [words[0]]
                    default: [option.long == "digits" ? "5" : "x"]
                    }
                #expect(throws: Never.self) { try Options.parse([name] + value) }
            }
            if option.valueName == nil {
                #expect(throws: Options.UsageError.self) { try Options.parse(["--\(option.long)=1"]) }
            }
        }
    }

    // MARK: What the table gives

    static var fish: String {
        var lines = [
            "# fish completion for tally, written from its table of options (CommandLineOption.all).",
            "# Installed by `make install` as PREFIX/share/fish/vendor_completions.d/tally.fish.",
        ]
        for option in options {
            var line = "complete -c tally"
            if let short = option.short { line += " -s \(short)" }
            line += " -l \(option.long)"
            if option.valueName != nil {
                switch option.valueCompletion {
                case .text: line += " -x"
                case .file: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case .words(let words): line += " -x -a '\(words.joined(separator: " "))'"
                }
            }
            line += " -d '\(option.summary)'"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static var zsh: String {
        var lines = [
            "#compdef tally",
            "# zsh completion for tally, written from its table of options (CommandLineOption.all).",
            "# Installed by `make install` as PREFIX/share/zsh/site-functions/_tally.",
            "_arguments -s \\",
        ]
        for option in options {
            let names = option.short.map { "{-\($0),--\(option.long)}" } ?? "--\(option.long)"
            let exclusive: String
            switch option.long {
            case "eval": exclusive = "'*'"
            case "help", "version": exclusive = "'(- *)'"
            default: exclusive = option.short.map { "'(-\($0) --\(option.long))'" } ?? ""
            }
            var entry = exclusive + (exclusive.isEmpty ? "'" + names : names + "'") + "[\(option.summary)]"
            if let valueName = option.valueName {
                let name = valueName.lowercased()
                switch option.valueCompletion {
                case .text: entry += ":\(name): "
                case .file: entry += ":\(name):_files"
                case .directory: entry += ":\(name):_directories"
                case .words(let words): entry += ":\(name):(\(words.joined(separator: " ")))"
                }
            }
            lines.append("    \(entry)' \\")
        }
        lines.append("    '*:file:_files'")
        return lines.joined(separator: "\n") + "\n"
    }

    static var bash: String {
        var cases: [String] = []
        let groups: [(CommandLineOption.ValueCompletion, String)] = [
            (.directory, "COMPREPLY=($(compgen -d -- \"$current\"))\n            return ;;"),
            (.file, "COMPREPLY=($(compgen -f -- \"$current\"))\n            return ;;"),
            (.text, "return ;;"),
        ]
        for option in options where option.valueName != nil {
            if case .words(let words) = option.valueCompletion {
                cases.append(
                    "        \(names(of: option).joined(separator: "|")))\n"
                        + "            COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$current\"))\n"
                        + "            return ;;")
            }
        }
        for (completion, action) in groups {
            let matching = options.filter { $0.valueName != nil && $0.valueCompletion == completion }
            guard !matching.isEmpty else { continue }
            cases.append("        \(matching.flatMap(names(of:)).joined(separator: "|")))\n            \(action)")
        }
        let words = options.flatMap(names(of:)).joined(separator: " ")
        return """
            # bash completion for tally, written from its table of options (CommandLineOption.all):
            # its options, and a value after those that take one.
            # Installed by `make install` as PREFIX/share/bash-completion/completions/tally.
            _tally() {
                local current previous
                current="${COMP_WORDS[COMP_CWORD]}"
                previous="${COMP_WORDS[COMP_CWORD-1]}"
                case "$previous" in
            \(cases.joined(separator: "\n"))
                esac
                if [[ "$current" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(words)" -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -o filenames -F _tally tally

            """
    }

    static func names(of option: CommandLineOption) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
    }

    /// The man page's OPTIONS section: each option's names in bold, its value in italics, and
    /// what `--help` says of it as a sentence.
    static var manOptions: String {
        var lines: [String] = []
        for option in options {
            lines.append(".TP")
            let long = "\\-\\-" + option.long.replacingOccurrences(of: "-", with: "\\-")
            var names = option.short.map { "\\-\($0) \", \" \(long)" } ?? long
            if let valueName = option.valueName { names += " \" \" \\fI\(valueName)\\fR" }
            let plain = option.short == nil && option.valueName == nil
            lines.append((plain ? ".B " : ".BR ") + names)
            var sentence = option.helpLines.joined(separator: " ")
            sentence = sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
            sentence = sentence.replacingOccurrences(of: "-", with: "\\-").replacingOccurrences(of: "≈", with: "\\(~~")
            lines.append(sentence)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
