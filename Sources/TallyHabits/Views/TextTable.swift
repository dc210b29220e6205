import TallyDiagnostics

/// Columns of text aligned by terminal display width, so names in Korean (two columns per
/// character) line up with names in Latin letters.
struct TextTable {
    /// Which side of its column a cell keeps to.
    enum Alignment {
        case left, right
    }

    /// One cell: what is printed and how many columns it takes.
    struct Cell {
        /// The text, when it is plain.
        var text: String
        /// The text, when it has styled runs (then ``text`` is empty).
        var styled: StyledText?
        var width: Int

        /// A cell of plain text.
        init(_ text: String) {
            self.text = text
            // Printable ASCII is one column a byte: most cells (days, numbers, many names) need
            // no walk through grapheme clusters.
            let isPrintableASCII = text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
            self.width = isPrintableASCII ? text.utf8.count : DisplayWidth.of(text)
        }

        /// A cell of styled text, known to take `width` columns.
        init(styled: StyledText, width: Int) {
            self.text = ""
            self.styled = styled
            self.width = width
        }

        /// Adds the cell's text to `line`.
        func write(to line: inout StyledText) {
            if let styled { line.append(styled) } else { line.append(text) }
        }
    }

    var alignments: [Alignment]
    var rows: [[Cell]] = []

    /// Cuts the cells of the first column (names) so that no row is wider than `width`
    /// columns, keeping at least ten columns for them.
    mutating func fitFirstColumn(within width: Int, glyphs: HabitGlyphs) {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.width) }
        }
        let others = widths.dropFirst().reduce(0, +) + 2 * (alignments.count - 1)
        let room = Swift.max(10, width - others)
        for index in rows.indices where rows[index][0].width > room {
            rows[index][0] = Cell(glyphs.cut(rows[index][0].text, toWidth: room))
        }
    }

    /// The rows, columns two spaces apart, with no trailing spaces.
    func render() -> StyledText {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.width) }
        }
        var result = StyledText()
        for (index, row) in rows.enumerated() {
            if index > 0 { result.append("\n") }
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.width)
                if column > 0 { result.append("  ") }
                if alignments[column] == .left {
                    cell.write(to: &result)
                    result.append(padding)
                } else {
                    result.append(padding)
                    cell.write(to: &result)
                }
            }
            result.trimTrailingSpaces()
        }
        return result
    }
}
