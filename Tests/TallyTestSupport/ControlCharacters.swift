/// Control characters as the tests meet them: input that would act on a terminal if it were
/// written back raw, and the one check that output holds none of it. Newline is the only
/// control character Tally's output may hold: every other C0 control, DEL and every C1 control
/// can move the cursor, change colours, retitle the window or start a device control string.
public enum ControlCharacters {
    /// Lines that would act on a terminal if shown raw, each with at least one control
    /// character and none of them a newline: for parameterised tests that feed them anywhere
    /// text can come in (input lines, file names, arguments, stored names).
    public static let hostileSamples: [String] = [
        "\u{1B}[31m1+1",  // colour
        "1 + \u{1B}]0;owned\u{07}",  // window title
        "\u{1B}[2J\u{1B}[H",  // clear screen, cursor home
        "\u{9B}31m 2",  // the C1 form of ESC [
        "2\u{08}\u{08}\u{08}3",  // backspaces
        "x\u{7F} = 1",  // DEL
        "sqrt(\u{1B}[8m4)",  // hidden text
        "\u{1B}P1$r\u{1B}\\",  // a device control string
    ]

    /// Whether `scalar` would act on a terminal: a C0 control other than newline, DEL, or a C1
    /// control.
    public static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }
}

/// Whether `text` holds a control character that would act on a terminal (see
/// ``ControlCharacters/isRaw(_:)``). For output read as bytes, decode it first: invalid UTF-8
/// becomes U+FFFD and never hides a control character, since those are all single bytes or,
/// for C1, well-formed pairs.
public func containsRawControlCharacters<Text: StringProtocol>(_ text: Text) -> Bool {
    text.unicodeScalars.contains(where: ControlCharacters.isRaw)
}
