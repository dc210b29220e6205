/// The subcommands of `habit`, the one list of its vocabulary: parsing, the usage in messages,
/// `help habit` and the shell's tab completion all read it, so a subcommand is added here (and
/// the compiler then asks ``HabitCommandLine`` how to read its arguments).
///
/// The cases are declared in the order messages list them and Tab offers them.
public enum HabitSubcommand: String, CaseIterable, Sendable {
    /// `habit today` (or `habit` alone).
    case today
    /// `habit add NAME [TARGET] [since DATE]`.
    case add
    /// `habit list [all]`.
    case list
    /// `habit done NAME... [AMOUNT] [DATE]`.
    case done
    /// `habit skip NAME [DATE]`.
    case skip
    /// `habit undo NAME [DATE]`.
    case undo
    /// `habit note NAME [DATE] TEXT`.
    case note
    /// `habit target NAME TARGET`.
    case target
    /// `habit describe NAME TEXT`.
    case describe
    /// `habit move NAME POSITION`.
    case move
    /// `habit start NAME DATE`.
    case start
    /// `habit archive NAME [DATE]`.
    case archive
    /// `habit restore NAME`.
    case restore
    /// `habit rename NAME NEWNAME`.
    case rename
    /// `habit delete NAME [--yes]`.
    case delete
    /// `habit show NAME`.
    case show
    /// `habit export csv|json`.
    case export
    /// `habit import FILE`.
    case `import`

    /// The subcommand written as `word`, in any case; `ls` and `rm` are `list` and `delete`.
    public init?(word: String) {
        let lowered = word.lowercased()
        switch lowered {
        case "ls": self = .list
        case "rm": self = .delete
        default:
            guard let subcommand = HabitSubcommand(rawValue: lowered) else { return nil }
            self = subcommand
        }
    }

    /// What may come first after a subcommand, which decides what Tab offers there.
    public enum FirstArgument: Sendable, Equatable {
        /// The name of a habit that exists: Tab offers the stored names.
        case habitName
        /// The name of a habit being created: there is nothing to offer.
        case newHabitName
        /// One of these fixed words (they may also be left out where the usage says so).
        case word(oneOf: [String])
    }

    /// How the subcommand is written, as help and messages about its arguments show it:
    /// `habit add NAME [since DATE]`.
    public var usage: String {
        switch self {
        case .today: return "habit [today]"
        case .add: return "habit add NAME [TARGET] [since DATE]"
        case .list: return "habit list [all]"
        case .done: return "habit done NAME... [AMOUNT] [DATE]"
        case .skip: return "habit skip NAME [DATE]"
        case .target: return "habit target NAME TARGET"
        case .describe: return "habit describe NAME TEXT"
        case .move: return "habit move NAME POSITION"
        case .note: return "habit note NAME [DATE] TEXT"
        case .start: return "habit start NAME DATE"
        case .undo: return "habit undo NAME [DATE]"
        case .archive: return "habit archive NAME [DATE]"
        case .restore: return "habit restore NAME"
        case .rename: return "habit rename NAME NEWNAME"
        case .delete: return "habit delete NAME [--yes]"
        case .show: return "habit show NAME [year|YYYY]"
        case .export: return "habit export " + HabitSubcommand.exportFormatNames.joined(separator: "|") + " [FILE]"
        case .import: return "habit import FILE"
        }
    }

    /// What the subcommand does, in one line.
    public var summary: String {
        summaryLines.joined(separator: " ")
    }

    /// The summary as `help habit` lays it out beside the usage, broken where a line would run
    /// too long to read.
    var summaryLines: [String] {
        switch self {
        case .today: return ["today's state, each period's progress"]
        case .add: return ["start tracking (from today unless", "since DATE); TARGET defaults to daily"]
        case .list: return ["each habit's streak, last 7 days,", "strength and total (all: archived too)"]
        case .done:
            return [
                "record that you did it (today unless", "DATE is given); several names at once;",
                "AMOUNT adds to a measured day, =AMOUNT", "replaces it",
            ]
        case .skip: return ["a rest day: neither done nor missed"]
        case .note: return ["keep a note for a day (\"\" removes it)"]
        case .target: return ["change how often it is meant to be done"]
        case .describe: return ["keep its question or description", "(\"\" removes it)"]
        case .move: return ["put it at POSITION (1 is first) in", "list and today"]
        case .start: return ["move the start, earlier or later"]
        case .undo: return ["take back a day done or skipped"]
        case .archive: return ["stop tracking, keep the history", "(DATE is the last day)"]
        case .restore: return ["track an archived habit again"]
        case .rename: return ["change the name; the history stays"]
        case .delete: return ["remove it and its history for good;", "asks first; --yes in files and pipes"]
        case .show: return ["streaks, completion, strength and 16", "weeks of calendar (year: 53, by month)"]
        case .export: return ["every habit and day, for other tools", "(FILE: --force to replace a non-export)"]
        case .import:
            return [
                "add the habits of a Tally export, a Loop", "backup or CSV export (zip or folder), or",
                "a HabitBull, Rewire or Tickmate file",
            ]
        }
    }

    /// What comes first after the subcommand; see ``FirstArgument``.
    public var firstArgument: FirstArgument {
        switch self {
        case .add: return .newHabitName
        case .list: return .word(oneOf: ["all"])
        case .today: return .word(oneOf: [])
        case .done, .skip, .note, .target, .start, .undo, .archive, .restore, .rename, .delete, .show, .describe, .move:
            return .habitName
        case .export: return .word(oneOf: HabitSubcommand.exportFormatNames)
        case .import: return .word(oneOf: [])
        }
    }

    /// Whether the first argument is a habit's name, an existing one or (for `add`) a new one.
    public var takesHabitName: Bool {
        switch firstArgument {
        case .habitName, .newHabitName: return true
        case .word: return false
        }
    }

    /// The words `habit export` accepts, from the formats it writes.
    static var exportFormatNames: [String] { HabitExportFormat.allCases.map(\.rawValue) }
}
