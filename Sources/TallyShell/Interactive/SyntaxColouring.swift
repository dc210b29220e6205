import TallyCalendar
import TallyCore

/// The colours of the line being typed (`set highlight`), drawn by the same redisplay hook as
/// the suggestion and the preview (``LineDecorations``): numbers, names the session knows,
/// units and operators each in a colour, and a name it does not know — or anything the lexer
/// cannot read — in red, as fish colours an unknown command. A line that starts with a command
/// word (`help`, `set`, `bmi`, `habit`, …) has only that word coloured: what follows is read by
/// the command, not as an expression.
///
/// Only colours are added: the characters are the line's own, so readline's picture of the
/// screen stays true and the line entered is the line typed.
struct SyntaxColouring {
    /// The kinds of text coloured, each with its SGR parameters.
    enum Kind: String {
        case number = "36"  // cyan
        case name = "34"  // blue: a variable, function or constant
        case unit = "32"  // green
        case word = "35"  // magenta: a word operator (`to`, `mod`) or a command word
        case `operator` = "33"  // yellow
        case unknown = "31"  // red: a name the session does not know
    }

    /// Variables, functions and constants, by name.
    var names: Set<String>

    /// What may follow `to` besides a unit (`hex`, `base`); units themselves are looked up in
    /// ``UnitTable`` as the evaluator looks them up.
    static let units: Set<String> = Set(ConversionTarget.words.keys).union(["base", "si", "UTC"])
        .union(["'", "\"", "''", "′", "″"])

    /// Word operators (`to`, `mod`, `of`) and command words.
    static let words: Set<String> = OperatorTable.reservedWords.union(CommandWord.reservedWords)
        .union(InteractiveCommand.words)

    /// Colouring for a session whose variables and functions are `names` (``Session/knownNames``).
    init(names: Set<String>) { self.names = names }

    /// The kind of the word `word`. Red only for a word that nothing the evaluator reads a name
    /// as would take: a built-in in another letter case (`SIN`), a unit with a prefix (`km`) or
    /// a unit on its own are known, as ``Evaluator``'s look-up knows them.
    func kind(ofWord word: Substring) -> Kind {
        let word = String(word)
        if names.contains(word) { return .name }
        if Self.units.contains(word) || UnitTable.unit(named: word) != nil { return .unit }
        let lowered = word.lowercased()
        if Self.words.contains(word) || Self.words.contains(lowered) { return .word }
        if lowered != word && names.contains(lowered) { return .name }
        return .unknown
    }

    /// Where the time-zone name that starts at `start` ends (`Europe/Paris`,
    /// `America/Argentina/Buenos_Aires`), when the words joined by `/` from there name a zone of
    /// the tz database; nil otherwise (then `/` is a division).
    static func endOfZoneName(in bytes: [UInt8], from start: Int, firstWordEnd: Int) -> Int? {
        var end = firstWordEnd
        var found: Int?
        while end + 1 < bytes.count, bytes[end] == UInt8(ascii: "/"), isWordStart(bytes[end + 1]) {
            end += 1
            while end < bytes.count && (isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-")) { end += 1 }
            if Zone.named(String(decoding: bytes[start..<end], as: UTF8.self)) != nil { found = end }
        }
        return found
    }

    /// `bytes` with SGR colour sequences around its numbers, names, units and operators;
    /// nothing else changes. The line is read by the language's own lexer, token by token, so
    /// that what is coloured a number, an operator or an error is what Enter reads as one
    /// (`×`, `÷`, `−`, `≤`, `**`, `x²`, `5'9"` included); a token the lexer cannot read is red.
    /// On a command line (``LineKind``) only the command's word is coloured.
    func coloured(_ bytes: [UInt8]) -> String {
        var result = ""
        result.reserveCapacity(bytes.count * 3)
        var plainFrom = 0
        func emit(_ kind: Kind, from start: Int, to end: Int) {
            result += String(decoding: bytes[plainFrom..<start], as: UTF8.self)
            result += "\u{1B}[\(kind.rawValue)m" + String(decoding: bytes[start..<end], as: UTF8.self) + "\u{1B}[0m"
            plainFrom = end
        }
        let line = String(decoding: bytes, as: UTF8.self)
        var lexer = Lexer(line)
        lexer.readsUnitMarks = true
        if LineKind.of(line, atPrompt: true).isCommand {
            // The rest is the command's to read: only its word is coloured.
            let word = lexer.next()
            emit(.word, from: word.span.start, to: word.span.end)
        } else {
            var skipTo = 0
            while true {
                let token = lexer.next()
                if case .end = token.kind { break }
                if token.span.start < skipTo { continue }
                let (start, end) = (token.span.start, token.span.end)
                switch token.kind {
                case .number:
                    emit(.number, from: start, to: end)
                case .name:
                    if let zoneEnd = Self.endOfZoneName(in: bytes, from: start, firstWordEnd: end) {
                        emit(.unit, from: start, to: zoneEnd)
                        skipTo = zoneEnd
                    } else {
                        emit(kind(ofWord: Substring(lexer.text(of: token.span))), from: start, to: end)
                    }
                case .operator, .leftParenthesis, .rightParenthesis, .comma, .semicolon, .equals, .superscript:
                    emit(.operator, from: start, to: end)
                case .invalid:
                    emit(.unknown, from: start, to: end)
                case .end:
                    break
                }
            }
        }
        result += String(decoding: bytes[plainFrom...], as: UTF8.self)
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }
}
