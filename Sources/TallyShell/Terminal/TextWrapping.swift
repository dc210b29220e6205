import TallyCore
import TallyDiagnostics

/// Text folded to the terminal's width at word boundaries, for the interactive session (files
/// and pipes get their text as it is). ANSI escape sequences take no columns.
enum TextWrapping {
    /// Where the rows after a line's first start.
    enum Hanging {
        /// Under the line's second column of text (after a run of two spaces, as in `help`
        /// tables) when there is one in the first half, else two columns past its own indent.
        case secondColumn
        /// Under its last column that starts in the first half (the meaning in the `set`
        /// listing, after a name and a value), else two columns past its own indent.
        case lastColumn
        /// At the line's own indent: prose, such as the banner.
        case none
    }

    /// Each line of `text` wider than `width` broken at its last space that fits, the rest
    /// indented as `hanging` says.
    static func wrap(_ text: String, width: Int, hanging: Hanging = .secondColumn) -> String {
        guard width >= 20 else { return text }
        var lines: [Substring] = []
        var changed = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if columns(of: line) <= width {
                lines.append(line)
                continue
            }
            changed = true
            let indent =
                hanging == .none
                ? line.prefix { $0 == " " }.count
                : continuationIndent(of: line, width: width, lastColumn: hanging == .lastColumn)
            lines += fold(line, width: width, indent: indent).map { $0[...] }
        }
        return changed ? lines.joined(separator: "\n") : text
    }

    /// A rendered diagnostic fitted to `width`: caret lines of a typed line that wrapped on
    /// the screen (its prompt and text were `typedWidth` columns) moved onto the screen row
    /// the caret falls in, and long messages folded with a four-column indent.
    static func fitDiagnostic(_ rendered: String, typedWidth: Int, width: Int) -> String {
        guard width >= 20 else { return rendered }
        var lines: [String] = []
        for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
            let spaces = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(spaces)
            if isCaretLine(rest) {
                // The terminal wrapped the typed line every `width` columns: the caret's column
                // on its own row is the remainder.
                let column = typedWidth > width ? spaces % width : spaces
                lines.append(String(repeating: " ", count: column) + rest)
            } else if columns(of: line) > width {
                lines += fold(line, width: width, indent: 4)
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func isCaretLine(_ text: Substring) -> Bool {
        let visible = stripped(text)
        return !visible.isEmpty && visible.allSatisfy { $0 == "^" || $0 == "~" }
    }

    private static func continuationIndent(of line: Substring, width: Int, lastColumn: Bool) -> Int {
        let indent = line.prefix { $0 == " " }.count
        let text = stripped(line)
        // The start of a column: text after two or more spaces past the indent.
        var found: Int?
        var column = 0
        var spacesBefore = 0
        for character in text {
            if character == " " {
                spacesBefore += 1
            } else {
                if spacesBefore >= 2 && column - spacesBefore > indent && column < width / 2 {
                    if !lastColumn { return column }
                    found = column
                }
                spacesBefore = 0
            }
            column += DisplayWidth.of(String(character))
        }
        return found ?? indent + 2
    }

    /// `line` broken into rows of at most `width` columns at spaces; later rows start with
    /// `indent` spaces. A word longer than a row is cut.
    private static func fold(_ line: Substring, width: Int, indent: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        var rowWidth = 0
        var lastSpace: (index: String.Index, width: Int)?
        let padding = String(repeating: " ", count: indent)
        var index = line.startIndex
        while index < line.endIndex {
            // An escape sequence goes along whole and takes no room.
            if line[index] == "\u{1B}", let end = escapeEnd(in: line, from: index) {
                row += line[index..<end]
                index = end
                continue
            }
            let character = line[index]
            let characterWidth = DisplayWidth.of(String(character))
            if rowWidth + characterWidth > width && character == " " {
                // The row ends at this space.
                rows.append(row)
                row = padding
                rowWidth = indent
                lastSpace = nil
                index = line.index(after: index)
                continue
            }
            if rowWidth + characterWidth > width {
                if let space = lastSpace, space.width > indent {
                    let rest = String(row[row.index(after: space.index)...])
                    rows.append(String(row[..<space.index]))
                    row = padding + rest
                    rowWidth = indent + columns(of: rest[...])
                } else {
                    rows.append(row)
                    row = padding
                    rowWidth = indent
                }
                lastSpace = nil
            }
            if character == " " { lastSpace = (row.endIndex, rowWidth) }
            row.append(character)
            rowWidth += characterWidth
            index = line.index(after: index)
        }
        rows.append(row)
        return rows
    }

    private static func escapeEnd(in text: Substring, from start: String.Index) -> String.Index? {
        var index = text.index(after: start)
        guard index < text.endIndex, text[index] == "[" else { return nil }
        index = text.index(after: index)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character.isLetter { return index }
        }
        return nil
    }

    /// `text` without its escape sequences.
    private static func stripped(_ text: Substring) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\u{1B}", let end = escapeEnd(in: text, from: index) {
                index = end
                continue
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }

    /// Columns `text` takes on the screen.
    static func columns(of text: Substring) -> Int {
        text.contains("\u{1B}") ? DisplayWidth.of(stripped(text)) : DisplayWidth.of(text)
    }
}
