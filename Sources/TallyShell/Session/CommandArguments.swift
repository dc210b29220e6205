import TallyCore
import TallyDiagnostics

/// The words after a command word, read with the language's own lexer so spans stay exact.
struct CommandArguments {
    let line: String
    private var lexer: Lexer
    private(set) var position: Int

    init(line: String, start: Int) {
        self.line = line
        lexer = Lexer(line, startingAt: start)
        position = start
        lastSpan = SourceSpan(at: start)
    }

    /// The span of the token read last (an empty span at the start before any).
    private(set) var lastSpan: SourceSpan

    /// The next token.
    mutating func next() throws(Diagnostic) -> Token {
        let token = try lexer.nextValid()
        position = token.span.end
        lastSpan = token.span
        return token
    }

    /// The next word, or nil at the end of the line; anything else is an error.
    mutating func nextWord() throws(Diagnostic) -> (String, SourceSpan)? {
        let token = try next()
        switch token.kind {
        case .end: return nil
        case .name: return (lexer.text(of: token.span), token.span)
        case .comma: return (",", token.span)
        default: throw Diagnostic.expectedWord(at: token.span)
        }
    }

    /// A whole number in `range` as the next argument.
    mutating func integer(named name: String, in range: ClosedRange<Int>) throws(Diagnostic) -> Int {
        let token = try next()
        let expectation = "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        switch token.kind {
        case .number(.integer(let value)) where range.contains(value):
            return value
        case .end:
            throw Diagnostic.missingValue(expectation, at: token.span)
        default:
            throw Diagnostic.invalidSettingValue(expectation, at: token.span)
        }
    }

    /// Fails unless the line ends here.
    mutating func expectEnd(command: String) throws(Diagnostic) {
        let token = try next()
        guard case .end = token.kind else {
            // To the last token: a `;` and the statements after it are not this command's.
            var last = token
            while true {
                let next = lexer.next()
                if case .end = next.kind { break }
                last = next
            }
            throw Diagnostic.extraArgument(after: command, at: SourceSpan(start: token.span.start, end: last.span.end))
        }
    }
}
