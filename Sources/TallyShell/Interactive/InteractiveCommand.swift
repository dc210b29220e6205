import TallyCore
import TallyDiagnostics

/// The commands that only make sense at the prompt, handled by the interactive front end
/// before a line reaches the session: `history` and `clear`. In files, pipes and `-e` the
/// words mean what they mean there (names).
enum InteractiveCommand: Equatable {
    /// `history`, `history N`, `history TEXT`.
    case history(count: Int, containing: String?)
    /// `clear`: the screen.
    case clear
    /// `full`: the last result that was shortened, whole, through the pager.
    case full

    /// The words, for completion and `help`.
    static let words = ["clear", "full", "history"]

    /// How many of the latest results stay reachable as `_N`.
    static let numberedResultsKept = 100

    /// How many lines `history` lists when not told.
    static let defaultHistoryCount = 20

    /// The command `line` is, or nil when it is something else (`history = 3` is an assignment,
    /// which the evaluator then refuses or allows as for any name).
    init?(line: String) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0.isLetter }
        let rest = trimmed.dropFirst(word.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let argument = rest.trimmingBlanks
        switch word {
        case "clear" where argument.isEmpty:
            self = .clear
        case "full" where argument.isEmpty:
            self = .full
        case "history":
            if argument.isEmpty {
                self = .history(count: Self.defaultHistoryCount, containing: nil)
            } else if argument.first == "=" {
                return nil
            } else if let count = Int(argument), count > 0 {
                self = .history(count: count, containing: nil)
            } else {
                self = .history(count: Self.defaultHistoryCount, containing: argument)
            }
        default:
            return nil
        }
    }

    /// Whether `line` is a `help` line (whose text may go through the pager).
    static func isHelp(_ line: String) -> Bool { firstWord(of: Array(line.utf8)) == "help" }

    /// Whether `line` is a `set` line (alone, it lists the settings).
    static func isSet(_ line: String) -> Bool { firstWord(of: Array(line.utf8)) == "set" }

    /// Whether `line` is a `bmi` line (whose BMI becomes `ans`).
    static func isBMI(_ line: String) -> Bool { firstWord(of: Array(line.utf8)) == "bmi" }

    /// Whether `name` is one the prompt gives an earlier result (`_3`): such names stay out of
    /// `vars` and completion.
    static func isNumberedResult(_ name: String) -> Bool {
        name.utf8.count > 1 && name.utf8.first == UInt8(ascii: "_")
            && name.utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func firstWord(of line: [UInt8]) -> String {
        let start = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? line.endIndex
        let end =
            line[start...].firstIndex { !(($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z")) }
            ?? line.endIndex
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    /// Whether `line` starts with a command word of the session or of the prompt: such a line
    /// may act on the world (`habit done`, `set`), so it is never run for a preview.
    static func startsWithWord(_ line: [UInt8]) -> Bool {
        let word = firstWord(of: line)
        return CommandWord(rawValue: word) != nil || words.contains(word)
    }

    /// The listing of `history`: the last `count` lines (of those containing `filter`), this
    /// session's numbered as `_N` reads them, earlier sessions' marked `·`.
    static func historyListing(
        earlier: [String], session: [(number: Int, line: String)], count: Int, containing filter: String?
    ) -> String {
        var rows = earlier.map { (label: "·", line: $0) } + session.map { (label: String($0.number), line: $0.line) }
        if let filter { rows = rows.filter { $0.line.contains(filter) } }
        rows = Array(rows.suffix(count))
        if rows.isEmpty {
            return filter.map { "no line in the history contains '\(TerminalSafeText.escaped($0))'" }
                ?? "no history yet"
        }
        let width = max(3, rows.map(\.label.count).max() ?? 0)
        return rows.map { row in
            String(repeating: " ", count: width - row.label.count) + row.label + "  "
                + TerminalSafeText.escaped(row.line)
        }.joined(separator: "\n")
    }
}

extension Substring {
    /// The text without its leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
