import TallyCore

/// One option of the command line, defined once: its names, its value, what `--help` says of
/// it, what shells complete after it, and what it does to ``Options``. `--help` is written from
/// ``all``, and a test holds the man page's OPTIONS section and the bash, zsh and fish
/// completions to it (as ripgrep and swift-argument-parser derive theirs from one declaration).
public struct CommandLineOption: Sendable {
    /// What a shell offers as the option's value.
    public enum ValueCompletion: Sendable, Equatable {
        /// Any text: nothing to offer (`--eval LINE`, `--digits N`).
        case text
        /// A file name.
        case file
        /// A directory name.
        case directory
        /// One of these words.
        case words([String])
    }

    /// The one-letter name (`e` for `-e`), if any.
    public let short: Unicode.Scalar?
    /// The long name without its dashes (`eval` for `--eval`).
    public let long: String
    /// The value's name in `--help` (`LINE`, `N`, `DIR`); nil for an option that takes none.
    public let valueName: String?
    /// What shells complete as the value (meaningful only with a ``valueName``).
    public let valueCompletion: ValueCompletion
    /// What the option does, in a few words: the completions' descriptions.
    public let summary: String
    /// What `--help` and the man page say, when more than ``summary``: lines of at most
    /// 55 columns.
    public let details: [String]
    /// What the option does to ``Options`` (``Options/apply(_:value:)``). Plain data, as every
    /// field here is: a table of closures cost each run of `tally -e` the run-time type look-up
    /// of their types, some 45,000 instructions of a start-up of 850,000.
    let action: Action

    /// What an option does.
    enum Action: Sendable {
        case eval, quiet, digits, markRounded, json, dataDirectory, historyFile, noHistory, initFile, noInit
        case colour, ascii, help, version
    }

    /// How `--help` writes the option's names: `-e, --eval LINE`.
    public var synopsis: String {
        let names = short.map { "-\($0), --\(long)" } ?? "    --\(long)"
        return names + (valueName.map { " " + $0 } ?? "")
    }

    /// What `--help` says of the option, line by line.
    public var helpLines: [String] { details.isEmpty ? [summary] : details }

    private init(
        _ short: Unicode.Scalar?, _ long: String, value valueName: String? = nil, completing: ValueCompletion = .text,
        _ summary: String, details: [String] = [], _ action: Action
    ) {
        self.short = short
        self.long = long
        self.valueName = valueName
        valueCompletion = completing
        self.summary = summary
        self.details = details
        self.action = action
    }

    /// The options, in the order `--help` lists them.
    public static let all: [CommandLineOption] = [
        CommandLineOption(
            "e", "eval", value: "LINE", "evaluate LINE (repeatable, in order)", .eval),
        CommandLineOption(
            "q", "quiet", "no banner in the interactive session", .quiet),
        CommandLineOption(
            nil, "digits", value: "N", "significant digits shown for values that are not exact decimals",
            details: [
                "significant digits shown for values that are not exact",
                "decimals (default 20, at most \(EvaluationSettings().maxDigits))",
            ], .digits),
        CommandLineOption(
            nil, "mark-rounded", "mark rounded results with ≈ in files and pipes too", .markRounded),
        CommandLineOption(
            nil, "json", "one JSON object per input line, errors included",
            details: [
                "one JSON object per input line, errors included",
                "(see docs/json.md); reads standard input even",
                "from a terminal",
            ], .json),
        CommandLineOption(
            nil, "data-dir", value: "DIR", completing: .directory, "where habit data lives",
            details: ["where habit data lives (also TALLY_DATA_DIR)"], .dataDirectory),
        CommandLineOption(
            nil, "history-file", value: "FILE", completing: .file, "interactive history location", .historyFile),
        CommandLineOption(
            nil, "no-history", "keep no interactive history", .noHistory),
        CommandLineOption(
            nil, "init", value: "FILE", completing: .file, "evaluate FILE first",
            details: [
                "evaluate FILE first (definitions, variables, settings);",
                "for files, pipes and -e too",
            ], .initFile),
        CommandLineOption(
            nil, "no-init", "skip the init file",
            details: [
                "skip the init file, which an interactive session reads",
                "from $XDG_CONFIG_HOME/tally/init.tally (by default",
                "~/.config/tally/init.tally)",
            ], .noInit),
        CommandLineOption(
            nil, "color", value: "WHEN", completing: .words(["auto", "always", "never"]), "use colour",
            details: ["one of auto, always or never (NO_COLOR set means never)"], .colour),
        CommandLineOption(
            nil, "ascii", "draw habit tables with # and .",
            details: ["draw habit tables with # and . (as 'set glyphs ascii')"], .ascii),
        CommandLineOption("h", "help", "show this help", .help),
        CommandLineOption("V", "version", "show the version", .version),
    ]

    /// Where ``all`` lists the option written `argument` (`-e`, `--eval`, or `--colour`, the one other spelling
    /// accepted and not listed); nil for none. Compared as bytes: the arguments are ASCII
    /// options or not options at all.
    /// (Its index in ``all``, not a copy of it: an optional copy of an entry cost start-up the
    /// run-time making of its type.)
    static func index(named argument: String) -> Int? {
        let bytes = argument.utf8
        if bytes.starts(with: "--".utf8) {
            let long = bytes.dropFirst(2)
            if long.elementsEqual("colour".utf8) { return all.firstIndex { $0.action == .colour } }
            return all.firstIndex { $0.long.utf8.elementsEqual(long) }
        }
        guard bytes.count == 2, bytes.first == UInt8(ascii: "-") else { return nil }
        return all.firstIndex { $0.short.map { UInt8(ascii: $0) } == bytes.last }
    }
}
