import TallyCore
import TallyDiagnostics

/// How the number in one part of a `bmi` argument is written.
enum ArgumentValue: Sendable {
    /// A literal in any form an expression accepts (`175`, `1.75`, `1.75e2`, `0xAF`) or with a
    /// decimal comma (`170,5`), already read exactly.
    case literal(Number)
    /// A variable name; the caller resolves it.
    case name
    /// A parenthesised expression or a function call (`(170+5)`, `max(a,b)`); the caller
    /// evaluates it.
    case expression
    /// A date, `2015-04-12`: only a birth date after `age` may be one.
    case date(CalendarDate)
}
