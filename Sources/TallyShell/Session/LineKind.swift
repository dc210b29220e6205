import TallyCore
import TallyDiagnostics

/// What a line is, decided once from the language's own tokens: every surface — the session's
/// dispatch, the prompt, its preview, colouring and completion — asks this rather than reading
/// the line its own way.
public enum LineKind: Sendable, Equatable {
    /// An expression, an assignment, a definition, statements separated by `;`, or nothing.
    case expression
    /// A session command (``SessionCommand``): `help`, `set`, `bmi 175 70`, `habit done Read`;
    /// its arguments start at the 0-based UTF-8 offset `argumentsStart`.
    case command(CommandWord, argumentsStart: Int)
    /// A command of the prompt alone (``PromptWord``): `history 5`, `clear`, `full`.
    case promptCommand(PromptWord, argumentsStart: Int)

    /// The kind of the line of UTF-8 `bytes`; `atPrompt` when a person typed it at the prompt,
    /// where the prompt's own words are commands too (elsewhere they are names).
    ///
    /// A command word starts the line; only `=` after it makes the line an assignment, and `(`
    /// right after it a definition (`help = 3`, `help(x) = x`, which the evaluator refuses by
    /// name). What follows a command word is the command's to read (`bmi １７５ ７０`).
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>, atPrompt: Bool = false) -> LineKind {
        // Most lines start with a digit, a sign or a parenthesis: decided from one byte.
        guard let start = firstWordStart(bytes), CommandWord.mayStart(with: bytes[start]) || atPrompt else {
            return .expression
        }
        // The bytes are the caller's for this call: the lexer borrows them (no copy of the line).
        var lexer = Lexer(borrowing: bytes, startingAt: 0)
        guard let first = lexer.nextReadable(), case .name = first.kind else { return .expression }
        let word = lexer.text(of: first.span)
        let command = CommandWord(rawValue: word)
        let promptWord = atPrompt ? PromptWord(rawValue: word) : nil
        guard command != nil || promptWord != nil else { return .expression }
        if let next = lexer.nextReadable() {
            switch next.kind {
            case .equals: return .expression
            case .leftParenthesis where next.span.start == first.span.end: return .expression
            default: break
            }
        }
        if let command { return .command(command, argumentsStart: first.span.end) }
        return .promptCommand(promptWord!, argumentsStart: first.span.end)
    }

    /// ``of(_:atPrompt:)`` of the bytes of `line`.
    public static func of(_ line: String, atPrompt: Bool = false) -> LineKind {
        var line = line
        return line.withUTF8 { of($0, atPrompt: atPrompt) }
    }

    /// Whether the line's first word, after blanks, may be a command word: its letters (ASCII)
    /// spell one. A name the lexer reads as a command word is all ASCII letters, so this run of
    /// letters is that name; expressions (`unix(0)`, `sqrt 2`) are never lexed twice.
    @inline(__always)
    static func mayBeCommand(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = firstWordStart(bytes), CommandWord.mayStart(with: bytes[start]) else { return false }
        var end = start
        while end != bytes.endIndex && (bytes[end] | 0x20) &- UInt8(ascii: "a") < 26 { end += 1 }
        return CommandWord.isWord(bytes[start..<end])
    }

    /// The offset of the first byte that is not a blank; nil for a blank line.
    @inline(__always)
    private static func firstWordStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index != bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) {
            index += 1
        }
        return index == bytes.count ? nil : index
    }

    /// The statements of a line of several, separated by `;` outside parentheses, each with
    /// its kind: the 0-based UTF-8 byte range it covers (its `;` left out). `bmi` and `habit`
    /// read to the end of the line — their own grammars take `;` as text (a note, a name) —
    /// so a statement of theirs is the last. Nil for a line of one statement.
    public static func statements(of bytes: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, kind: LineKind)]? {
        let line = String(decoding: bytes, as: UTF8.self)
        var lexer = Lexer(line)
        lexer.readsUnitMarks = true
        var ranges: [Range<Int>] = []
        var start = 0
        var depth = 0
        var atStatementStart = true
        scan: while true {
            let token = lexer.next()
            switch token.kind {
            case .end:
                break scan
            case .leftParenthesis:
                depth += 1
            case .rightParenthesis:
                depth = max(0, depth - 1)
            case .semicolon where depth == 0:
                ranges.append(start..<token.span.start)
                start = token.span.end
                atStatementStart = true
                continue scan
            case .name where atStatementStart:
                let word = lexer.text(of: token.span)
                if word == CommandWord.bmi.rawValue || word == CommandWord.habit.rawValue { break scan }
            default:
                break
            }
            atStatementStart = false
        }
        guard !ranges.isEmpty else { return nil }
        ranges.append(start..<bytes.count)
        return ranges.map { range in (range, of(UnsafeBufferPointer(rebasing: bytes[range]))) }
    }

    /// Whether the line is a command of either kind: such a line may act on the world
    /// (`habit done`, `set`), so it is never run for a preview.
    public var isCommand: Bool { self != .expression }
}

/// The commands of the prompt alone, handled by the interactive front end: in files, pipes
/// and `-e` the words mean what they mean there (names).
public enum PromptWord: String, CaseIterable, Sendable {
    /// `history`, `history N`, `history TEXT`: earlier lines.
    case history
    /// `clear`: the screen.
    case clear
    /// `full`: the last result that was shortened, whole, through the pager.
    case full
}
