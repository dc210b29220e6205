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
        var text: StyledText
        var width: Int

        /// A cell of plain text.
        init(_ text: String) {
            self.text = StyledText(text)
            // Printable ASCII is one column a byte: most cells (days, numbers, many names) need
            // no walk through grapheme clusters.
            let isPrintableASCII = text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
            self.width = isPrintableASCII ? text.utf8.count : DisplayWidth.of(text)
        }

        /// A cell of styled text, known to take `width` columns.
        init(styled: StyledText, width: Int) {
            self.text = styled
            self.width = width
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
            rows[index][0] = Cell(glyphs.cut(rows[index][0].text.plainText, toWidth: room))
        }
    }

    /// The rows, columns two spaces apart, with no trailing spaces.
    func render() -> StyledText {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.width) }
        }
        let lines = rows.map { row in
            var line = StyledText()
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.width)
                if column > 0 { line.append("  ") }
                if alignments[column] == .left {
                    line.append(cell.text)
                    line.append(padding)
                } else {
                    line.append(padding)
                    line.append(cell.text)
                }
            }
            return line.trimmingTrailingSpaces()
        }
        return lines.joined(separator: "\n")
    }
}
