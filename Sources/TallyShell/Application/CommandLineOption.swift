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
    public let short: Character?
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
    /// Applies the option, with its value when it takes one, to `options`.
    let apply: @Sendable (inout Options, String?) throws(Options.UsageError) -> Void

    /// How `--help` writes the option's names: `-e, --eval LINE`.
    public var synopsis: String {
        let names = short.map { "-\($0), --\(long)" } ?? "    --\(long)"
        return names + (valueName.map { " " + $0 } ?? "")
    }

    /// What `--help` says of the option, line by line.
    public var helpLines: [String] { details.isEmpty ? [summary] : details }

    private init(
        _ short: Character?, _ long: String, value valueName: String? = nil, completing: ValueCompletion = .text,
        _ summary: String, details: [String] = [],
        apply: @escaping @Sendable (inout Options, String?) throws(Options.UsageError) -> Void
    ) {
        self.short = short
        self.long = long
        self.valueName = valueName
        valueCompletion = completing
        self.summary = summary
        self.details = details
        self.apply = apply
    }

    /// The options, in the order `--help` lists them.
    public static let all: [CommandLineOption] = [
        CommandLineOption(
            "e", "eval", value: "LINE", "evaluate LINE (repeatable, in order)",
            apply: { options, value in options.evalLines.append(value!) }),
        CommandLineOption(
            "q", "quiet", "no banner in the interactive session", apply: { options, _ in options.quiet = true }),
        CommandLineOption(
            nil, "digits", value: "N", "significant digits shown for values that are not exact decimals",
            details: [
                "significant digits shown for values that are not exact",
                "decimals (default 20, at most \(EvaluationSettings().maxDigits))",
            ],
            apply: { options, value throws(Options.UsageError) in
                // Up to the default maxdigits: a million digits of pi on request.
                let limit = EvaluationSettings().maxDigits
                guard let digits = Int(value!), (1...limit).contains(digits) else {
                    throw Options.UsageError(
                        message: "--digits needs a whole number from 1 to \(limit), not '\(value!)'")
                }
                options.digits = digits
            }),
        CommandLineOption(
            nil, "mark-rounded", "mark rounded results with ≈ in files and pipes too",
            apply: { options, _ in options.markRounded = true }),
        CommandLineOption(
            nil, "json", "one JSON object per input line, errors included",
            details: [
                "one JSON object per input line, errors included",
                "(see docs/json.md); reads standard input even",
                "from a terminal",
            ],
            apply: { options, _ in options.json = true }),
        CommandLineOption(
            nil, "data-dir", value: "DIR", completing: .directory, "where habit data lives",
            details: ["where habit data lives (also TALLY_DATA_DIR)"],
            apply: { options, value in options.dataDirectory = value }),
        CommandLineOption(
            nil, "history-file", value: "FILE", completing: .file, "interactive history location",
            apply: { options, value in options.historyFile = value }),
        CommandLineOption(
            nil, "no-history", "keep no interactive history", apply: { options, _ in options.noHistory = true }),
        CommandLineOption(
            nil, "init", value: "FILE", completing: .file, "evaluate FILE first",
            details: [
                "evaluate FILE first (definitions, variables, settings);",
                "for files, pipes and -e too",
            ],
            apply: { options, value in options.initFile = value }),
        CommandLineOption(
            nil, "no-init", "skip the init file",
            details: [
                "skip the init file, which an interactive session reads",
                "from $XDG_CONFIG_HOME/tally/init.tally (by default",
                "~/.config/tally/init.tally)",
            ],
            apply: { options, _ in options.noInit = true }),
        CommandLineOption(
            nil, "color", value: "WHEN", completing: .words(["auto", "always", "never"]), "use colour",
            details: ["one of auto, always or never (NO_COLOR set means never)"],
            apply: { options, value throws(Options.UsageError) in
                guard let choice = Options.ColourChoice(rawValue: value!) else {
                    throw Options.UsageError(message: "--color needs auto, always or never, not '\(value!)'")
                }
                options.colour = choice
            }),
        CommandLineOption(
            nil, "ascii", "draw habit tables with # and .",
            details: ["draw habit tables with # and . (as 'set glyphs ascii')"],
            apply: { options, _ in options.ascii = true }),
        CommandLineOption("h", "help", "show this help", apply: { options, _ in options.showHelp = true }),
        CommandLineOption("V", "version", "show the version", apply: { options, _ in options.showVersion = true }),
    ]

    /// Other spellings the parser accepts, not listed: `--colour` for `--color`.
    static let aliases = ["colour": "color"]

    /// The option written `argument` (`-e`, `--eval`, `--colour`); nil for none.
    static func named(_ argument: String) -> CommandLineOption? {
        if argument.hasPrefix("--") {
            let long = String(argument.dropFirst(2))
            let name = aliases[long] ?? long
            return all.first { $0.long == name }
        }
        guard argument.count == 2, argument.first == "-" else { return nil }
        return all.first { $0.short == argument.last }
    }
}
