import TallyDiagnostics

extension Lexer {
    /// Moves the lexer to `offset` of its line, without copying the line again: a command that
    /// reads its arguments with the calculator's tokens (`bmi`) goes on after a character no
    /// token is made of (a foot mark, `5'9"`), or lexes the rest of a name afresh (`ft9in`
    /// after `5`: the unit `ft`, then `9in`).
    public mutating func restart(at offset: Int) {
        self.offset = offset
        lastTokenEnd = offset
    }
}

extension Lexer {
    /// Where the last token read ended (or where the lexer was restarted): the end of the
    /// line is reported there.
    public var lastTokenOffset: Int { lastTokenEnd }
}
