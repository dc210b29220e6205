import TallyDiagnostics

/// The characters habit tables and calendars draw with: `unicode` (■ done, · missed, … for a
/// cut name), or `ascii` (# . ...) for terminals that draw ■ and · two columns wide.
public enum HabitGlyphs: String, CaseIterable, Sendable {
    case unicode, ascii

    /// A day done.
    var done: String { self == .ascii ? "#" : "■" }
    /// A day that could have been done and was not.
    var missed: String { self == .ascii ? "." : "·" }
    /// A day not done that the target did not need (its period was met).
    var rest: String { self == .ascii ? "o" : "○" }
    /// A day skipped or paused.
    var excused: String { "-" }
    /// After a count that reached its target (`4 of 3 ✓`).
    var met: String { self == .ascii ? "(met)" : "✓" }
    /// The end of a name cut short.
    var ellipsis: String { self == .ascii ? "..." : "…" }

    /// `text` cut to at most `width` terminal columns, ending in the ellipsis when cut.
    func cut(_ text: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let budget = Swift.max(0, width - DisplayWidth.of(ellipsis))
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > budget { break }
            result.append(character)
            used += columns
        }
        return result + ellipsis
    }
}
