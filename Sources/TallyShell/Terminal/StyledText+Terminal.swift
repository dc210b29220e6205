import TallyDiagnostics

extension StyledText {
    /// The text as the terminal is given it: each styled run in its colour when `colour` (the
    /// choice of `--color`, `NO_COLOR` and whether the output is a terminal), else plain.
    func terminalText(colour: Bool) -> String {
        guard colour else { return plainText }
        var text = ""
        for run in runs {
            guard let code = StyledText.colourCode(of: run.style) else {
                text += run.text
                continue
            }
            text += "\u{1B}[\(code)m" + run.text + "\u{1B}[0m"
        }
        return text
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
