import Glibc
import TallyCore
import TallyDiagnostics

/// What the prompt draws beside the line being typed, dimmed: the autosuggestion (the most
/// recent history line that starts with what is typed, as fish shows it) or, when there is
/// none, the live preview of the line's value.
///
/// Pure apart from the preview worker: the line reader hands over the line after each
/// redisplay and writes the escape sequences returned. Nothing is drawn unless the cursor is at
/// the end of a line that fits on one screen row with room to spare, so readline's own picture
/// of the screen stays true.
final class LineDecorations {
    /// The line being typed, as readline holds it.
    struct Line: Equatable {
        /// The line's UTF-8 bytes.
        var bytes: [UInt8]
        /// The cursor, as a 0-based byte offset into `bytes`.
        var point: Int
        /// The terminal's width in columns.
        var columns = 80
    }

    /// Whether to suggest from history (`set suggest`).
    var suggests = true
    /// Whether to preview values (`set preview`); needs ``previewer``.
    var previews = true
    /// Colours the typed line (`set highlight`); nil leaves it as readline draws it.
    var colouring: SyntaxColouring?
    /// The columns the prompt takes.
    let promptWidth: Int
    /// Works out previews; nil never previews.
    let previewer: LivePreview?

    /// The rest of the line suggested now, after the cursor; nil when none is shown.
    private(set) var suggestion: [UInt8]?
    /// History lines as bytes, oldest first; lines with control characters are left out.
    private var history: [[UInt8]] = []
    /// The positions in ``history`` of the lines by their first byte, and by their first two
    /// bytes, so that a key reads only the lines that may match (10,000 entries cost one scan
    /// of one bucket, not of all).
    private var byFirstByte: [[Int32]] = Array(repeating: [], count: 256)
    private var byFirstTwoBytes: [UInt16: [Int32]] = [:]
    private var lastRequested: [UInt8]?
    private var preview: LivePreview.Result?
    private var current: Line?
    /// Columns drawn after the end of the line by the last ``draw(_:)``.
    private var drawnWidth = 0

    init(promptWidth: Int, previewer: LivePreview?) {
        self.promptWidth = promptWidth
        self.previewer = previewer
    }

    /// Decorations for the terminal the session runs on, or nil when it cannot show them: a
    /// dumb terminal (no cursor movement), or `NO_COLOR` (no dimming).
    static func forTerminal(prompt: String, variables: [String: String]) -> LineDecorations? {
        let term = variables["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || !(variables["NO_COLOR"] ?? "").isEmpty || isatty(1) != 1 { return nil }
        return LineDecorations(promptWidth: DisplayWidth.of(prompt), previewer: LivePreview(style: .interactive))
    }

    /// The descriptor the line reader waits on for previews, or -1.
    var wakeDescriptor: Int32 { previewer?.wakeDescriptor ?? -1 }

    /// Adds lines to what suggestions come from.
    func remember(_ lines: [String]) {
        for line in lines where !line.unicodeScalars.contains(where: TerminalSafeText.isControl) {
            let bytes = Array(line.utf8)
            guard let first = bytes.first else { continue }
            let position = Int32(history.count)
            history.append(bytes)
            byFirstByte[Int(first)].append(position)
            if bytes.count > 1 { byFirstTwoBytes[UInt16(first) << 8 | UInt16(bytes[1]), default: []].append(position) }
        }
    }

    /// Takes a finished preview; true when it changes what is drawn after the line on the
    /// screen (redraw then): it belongs to that line, shows something, and no suggestion
    /// stands in its place.
    func takePreview() -> Bool {
        guard let result = previewer?.takeResult() else { return false }
        guard let current, result.line == current.bytes else { return false }
        preview = result
        return result.text != nil && suggestion == nil
    }

    /// The most recent history line that starts with `typed` and is longer: its remaining bytes.
    func suggestion(for typed: [UInt8]) -> [UInt8]? {
        guard let first = typed.first else { return nil }
        let candidates =
            typed.count == 1
            ? byFirstByte[Int(first)] : byFirstTwoBytes[UInt16(first) << 8 | UInt16(typed[1])] ?? []
        return typed.withUnsafeBufferPointer { typed -> [UInt8]? in
            for position in candidates.reversed() {
                let entry = history[Int(position)]
                guard entry.count > typed.count else { continue }
                let matches = entry.withUnsafeBufferPointer { entry in
                    memcmp(entry.baseAddress!, typed.baseAddress!, typed.count) == 0
                }
                if matches { return Array(entry[typed.count...]) }
            }
            return nil
        }
    }

    /// The escape sequences that draw what belongs after `line`, replacing what was drawn
    /// before; the cursor ends where readline left it.
    func draw(_ line: Line) -> String {
        current = line
        suggestion = nil
        if previews, let previewer, line.bytes != lastRequested {
            lastRequested = line.bytes
            // An erased line's preview is stopped, not left to run (`factor(2^512+1)`, Ctrl-U).
            if line.bytes.isEmpty { previewer.cancel() } else { previewer.request(line.bytes) }
        }
        if Self.holdsControlCharacters(line.bytes) {
            // Readline shows such a line as `^[`; drawing it again (coloured) would send the
            // byte itself to the terminal, so nothing is drawn: only the old text is taken away.
            return erasingDrawnText(after: line)
        }
        let lineWidth = promptWidth + DisplayWidth.of(String(decoding: line.bytes, as: UTF8.self))
        // Room for the text and one spare column, so the terminal never wraps for it.
        let room = line.columns - 1 - lineWidth
        guard room >= 0 else {
            // The line wrapped: readline drew over whatever was after it.
            drawnWidth = 0
            return ""
        }
        // Colouring writes the whole line again over readline's, so the cursor ends after it.
        let colouredLine = line.bytes.isEmpty ? nil : colouring.map { $0.coloured(line.bytes) }
        var extra = ""
        if line.point == line.bytes.count {
            if suggests, let rest = suggestion(for: line.bytes) {
                suggestion = rest
                // Only what can fit is measured: a suggested line may be a megabyte long.
                extra = String(decoding: rest.prefix(4 * line.columns + 8), as: UTF8.self)
            } else if previews, let preview, preview.line == line.bytes, let text = preview.text {
                extra = "   " + text
            }
        }
        extra = Self.fitted(TerminalSafeText.escaped(extra), to: room)
        if extra.isEmpty && drawnWidth == 0 && colouredLine == nil { return "" }
        let afterPoint = DisplayWidth.of(String(decoding: line.bytes[line.point...], as: UTF8.self))
        let extraWidth = DisplayWidth.of(extra)
        var sequence: String
        if let colouredLine {
            let beforePoint = DisplayWidth.of(String(decoding: line.bytes[..<line.point], as: UTF8.self))
            sequence = (beforePoint > 0 ? "\u{1B}[\(beforePoint)D" : "") + colouredLine
        } else {
            sequence = afterPoint > 0 ? "\u{1B}[\(afterPoint)C" : ""
        }
        sequence += "\u{1B}[K"
        if !extra.isEmpty { sequence += "\u{1B}[2m" + extra + "\u{1B}[0m" }
        let back = afterPoint + extraWidth
        if back > 0 { sequence += "\u{1B}[\(back)D" }
        drawnWidth = extraWidth
        return sequence
    }

    /// Whether `bytes` hold a control character (C0, DEL, or C1 in its UTF-8 form).
    static func holdsControlCharacters(_ bytes: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
            previous = byte
        }
        return false
    }

    /// The sequences that take away what was drawn after `line`, which holds control
    /// characters: readline draws each as two columns (`^[`), a tab as spaces to the next
    /// multiple of eight.
    private func erasingDrawnText(after line: Line) -> String {
        suggestion = nil
        guard drawnWidth > 0 else { return "" }
        drawnWidth = 0
        let before = String(decoding: line.bytes[..<line.point], as: UTF8.self)
        let after = String(decoding: line.bytes[line.point...], as: UTF8.self)
        let column = promptWidth + Self.readlineWidth(of: before, from: promptWidth)
        let afterPoint = Self.readlineWidth(of: after, from: column)
        if afterPoint == 0 { return "\u{1B}[K" }
        return "\u{1B}[\(afterPoint)C\u{1B}[K\u{1B}[\(afterPoint)D"
    }

    /// The columns readline draws `text` in, starting at `column`.
    private static func readlineWidth(of text: String, from column: Int) -> Int {
        var end = column
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: end += 8 - end % 8
            case 0x00..<0x20, 0x7F: end += 2
            default: end += DisplayWidth.of(String(scalar))
            }
        }
        return end - column
    }

    /// The sequences that take away what was drawn (the line is being entered or dropped).
    func clear() -> String {
        previewer?.cancel()
        suggestion = nil
        preview = nil
        lastRequested = nil
        guard drawnWidth > 0, let current else { return "" }
        drawnWidth = 0
        let afterPoint = DisplayWidth.of(String(decoding: current.bytes[current.point...], as: UTF8.self))
        if afterPoint == 0 { return "\u{1B}[K" }
        return "\u{1B}[\(afterPoint)C\u{1B}[K\u{1B}[\(afterPoint)D"
    }

    /// `text` cut to `width` columns, ending in `…` when cut.
    static func fitted(_ text: String, to width: Int) -> String {
        if DisplayWidth.of(text) <= width { return text }
        guard width > 1 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(String(character))
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
