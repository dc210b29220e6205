import TallyCalendar
import TallyDiagnostics

extension Parser {
    /// `to UTC`, `to Asia/Seoul`: a zone of the tz database after `to`, the current token being
    /// its first word. A name with `/` is read as a zone (and must be one); of the names without
    /// one only `UTC`, so that units and other targets keep their words. Nil when the target is
    /// not a zone.
    @inline(never)
    mutating func zoneConversion(word: Token) throws(Diagnostic) -> Conversion? {
        guard case .name = current.kind else { return nil }
        let start = current.span.start
        var end = start
        var hasSlash = false
        while end < lexer.bytes.count {
            let byte = lexer.bytes[end]
            if byte == UInt8(ascii: "/") {
                hasSlash = true
            } else if !(isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+"))
            {
                break
            }
            end += 1
        }
        let name = lexer.text(of: SourceSpan(start: start, end: end))
        guard hasSlash || name == "UTC" else { return nil }
        let span = SourceSpan(start: start, end: end)
        guard let zone = Zone.named(name) else {
            // `km/h`, `J/K`: units. Only a name whose every part is a capitalised word
            // (`Europe/Pari`) is taken for a mistyped zone.
            guard ZoneRules.looksLikeZoneName(name) else { return nil }
            throw Diagnostic.unknownTimeZone(name, at: span).suggesting(
                Suggestion.nearest(to: name, in: ZoneRules.allNames))
        }
        lexer.offset = end
        try advance()
        try expectEndAfterConversion()
        return Conversion(target: .zone(zone), span: word.span.union(span))
    }
}
