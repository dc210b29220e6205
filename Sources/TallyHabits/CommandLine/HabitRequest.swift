import TallyDiagnostics

/// The arguments of one `habit` line, read by its subcommand: where each of them was written,
/// so that an error found while running (a day already done, an unknown name) points at the
/// argument it is about. Every span is nil by default; a request gives the ones it has.
protocol HabitRequest: Sendable {
    /// The habit the line is about.
    var nameSpan: SourceSpan? { get }
    /// The name being given (NAME for `add`, NEWNAME for `rename`).
    var givenNameSpan: SourceSpan? { get }
    /// The day (the name's span when the day was left out), or the target for `target`.
    var daySpan: SourceSpan? { get }
    /// A note's or a description's text.
    var textSpan: SourceSpan? { get }
    /// An amount entered for a measured day.
    var amountSpan: SourceSpan? { get }
    /// A position in the order.
    var positionSpan: SourceSpan? { get }
    /// A file to read.
    var fileSpan: SourceSpan? { get }
    /// Every habit name typed, in order, when there may be several (`habit done A B`): an
    /// unknown one may be part of a name written without quotes.
    var typedNames: [Spanned<String>] { get }
}

extension HabitRequest {
    var nameSpan: SourceSpan? { nil }
    var givenNameSpan: SourceSpan? { nil }
    var daySpan: SourceSpan? { nil }
    var textSpan: SourceSpan? { nil }
    var amountSpan: SourceSpan? { nil }
    var positionSpan: SourceSpan? { nil }
    var fileSpan: SourceSpan? { nil }
    var typedNames: [Spanned<String>] { [] }
}

/// The request of a subcommand that takes no arguments (`habit today`).
struct NoArguments: HabitRequest, Equatable {}
