/// Text from input or storage made safe to write to a terminal: control characters (C0, DEL,
/// C1) become visible Unicode control pictures or `\u{…}` escapes, so input can never move the
/// cursor, change colours or retitle the window. Each replaced character stays one column wide.
public enum TerminalSafeText {
    /// `text` with every control character replaced by a visible stand-in.
    public static func escaped<S: StringProtocol>(_ text: S) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isControl(scalar) {
            needsWork = true
            break
        }
        if !needsWork { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let picture = picture(for: scalar) {
                result.append(picture)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` made safe as by ``escaped(_:)`` and cut to `limit` characters (then "…"): how a
    /// message quotes a piece of input, which may be megabytes long.
    public static func excerpt<S: StringProtocol>(_ text: S, limit: Int = 40) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex && count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        let shown = escaped(text[..<end])
        return end < text.endIndex ? shown + "…" : shown
    }

    /// Whether `scalar` is a control character (C0, DEL or C1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func picture(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09: return " "  // a tab is shown as one space so columns stay countable
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)  // ␀ ... ␟
        case 0x7F: return "\u{2421}"  // ␡
        case 0x80...0x9F: return "\u{FFFD}"
        default: return nil
        }
    }
}
