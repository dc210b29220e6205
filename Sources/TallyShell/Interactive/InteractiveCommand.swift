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
    static let words = PromptWord.allCases.map(\.rawValue)

    /// How many lines `history` lists when not told.
    static let defaultHistoryCount = 20

    /// The command of the prompt word `word` that starts `line`, its arguments from the
    /// 0-based UTF-8 offset `argumentsStart` (``LineKind`` decided the line is one); nil when
    /// the arguments are not the command's (`clear 3`), so the line is read as an expression.
    init?(_ word: PromptWord, line: String, argumentsStart: Int) {
        // The word stands alone: `history+1` is an expression.
        if let next = line.utf8.dropFirst(argumentsStart).first, next != UInt8(ascii: " "), next != UInt8(ascii: "\t") {
            return nil
        }
        let argument = String(decoding: line.utf8.dropFirst(argumentsStart), as: UTF8.self)
            .trimmingBlanks
        switch word {
        case .clear where argument.isEmpty:
            self = .clear
        case .full where argument.isEmpty:
            self = .full
        case .history:
            if argument.isEmpty {
                self = .history(count: Self.defaultHistoryCount, containing: nil)
            } else if let count = Int(argument), count > 0 {
                self = .history(count: count, containing: nil)
            } else {
                self = .history(count: Self.defaultHistoryCount, containing: argument)
            }
        default:
            return nil
        }
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

extension String {
    /// The text without its leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
