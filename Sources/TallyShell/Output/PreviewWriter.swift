import TallyCore
import TallyDiagnostics

/// The prompt's preview of a line being typed: what Enter would print, on one short line —
/// `= value`, `≈ value` when rounded, "…" for a line that stops short (`2 +`, `sqrt(2`) — or
/// nothing. It shows the outcome of ``Session/preview(_:on:)``, the session's own entry run
/// as a dry run, so a preview never disagrees with the line's result.
public enum PreviewWriter {
    /// The longest preview shown, in bytes: a longer value is left for Enter.
    static let maximumBytes = 1000

    /// The preview of `outcome`, for a line of `lineBytes` bytes; nil when there is nothing to
    /// show.
    public static func text(for outcome: LineOutcome?, lineBytes: Int, formatter: ValueFormatter) -> String? {
        guard let outcome else { return nil }
        switch outcome.result {
        case .value, .values:
            guard let values = outcome.values(formattedBy: formatter), values.count == 1 else { return nil }
            let text = values[0].text(markingRounded: true)
            if text.utf8.count > maximumBytes || text.contains("\n") { return nil }
            return text.hasPrefix("≈ ") ? text : "= " + text
        case .failed(let diagnostic):
            // A line that fails at its very end is one still being typed.
            if diagnostic.span.start >= lineBytes || diagnostic.id == .unclosedParenthesis { return "…" }
            return nil
        case .silent, .text, .interrupted, .end:
            return nil
        }
    }
}
