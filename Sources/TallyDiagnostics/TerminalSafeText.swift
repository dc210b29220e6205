/// Text from input or storage made safe to write to a terminal: control characters (C0, DEL,
/// C1) become visible Unicode control pictures (one column each), so input can never move the
/// cursor, change colours or retitle the window; characters that draw nothing or reorder the
/// text around them (bidirectional controls such as U+202E, zero-width spaces, the byte order
/// mark U+FEFF) become `<U+202E>`, so a message never shows text other than what was typed.
public enum TerminalSafeText {
    /// `text` with every control and invisible character replaced by a visible stand-in.
    public static func escaped<S: StringProtocol>(_ text: S) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isControl(scalar) || isInvisible(scalar) {
            needsWork = true
            break
        }
        if !needsWork { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let picture = picture(for: scalar) {
                result.append(picture)
            } else if isInvisible(scalar) {
                result.append(contentsOf: "<\(hex(scalar))>".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` draws nothing or changes the direction of the text around it: a format
    /// character (general category Cf) or a line or paragraph separator. The zero-width joiner
    /// and non-joiner and the tag characters are left alone: they shape emoji sequences and
    /// scripts such as Persian, and draw nothing on their own.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xAD { return false }
        switch value {
        case 0x200C, 0x200D, 0xE0020...0xE007F: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// `U+202E`: at least four hexadecimal digits, upper case.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
