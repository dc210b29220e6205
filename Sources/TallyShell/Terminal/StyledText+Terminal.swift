import TallyDiagnostics

extension StyledText {
    /// The text as the terminal is given it: each styled run in its colour when `colour` (the
    /// choice of `--color`, `NO_COLOR` and whether the output is a terminal), else plain.
    func terminalText(colour: Bool) -> String {
        guard colour else { return plainText }
        // Bytes first, one string at the end, as `plainText` does.
        var bytes: [UInt8] = []
        for run in runs {
            var text = run.text
            guard let code = StyledText.colourCode(of: run.style) else {
                text.withUTF8 { bytes.append(contentsOf: $0) }
                continue
            }
            bytes.append(contentsOf: "\u{1B}[".utf8)
            bytes.append(contentsOf: code.utf8)
            bytes.append(UInt8(ascii: "m"))
            text.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: "\u{1B}[0m".utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The SGR parameter a style is drawn with: green for done, dim for missed; the marks of
    /// skipped and rest days are their own glyphs and need no colour.
    private static func colourCode(of style: Style) -> String? {
        switch style {
        case .done: return "32"
        case .missed: return "2"
        case .plain, .excused, .rest: return nil
        }
    }
}
