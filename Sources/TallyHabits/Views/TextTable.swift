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
    ///
    /// Plain text gathers as bytes and becomes a run only where a styled cell interrupts it, or
    /// at the end: a table of a hundred habits is thousands of cells and pads, and appending each
    /// to the styled text as a `String` cost more than the rest of drawing it.
    func render() -> StyledText {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.width) }
        }
        var result = StyledText()
        var plain: [UInt8] = []
        func pad(_ count: Int) {
            plain.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
        for (index, row) in rows.enumerated() {
            if index > 0 { plain.append(UInt8(ascii: "\n")) }
            for (column, cell) in row.enumerated() {
                let padding = widths[column] - cell.width
                if column > 0 { pad(2) }
                if alignments[column] == .right { pad(padding) }
                if let styled = cell.styled {
                    result.append(String(decoding: plain, as: UTF8.self))
                    plain.removeAll(keepingCapacity: true)
                    result.append(styled)
                } else {
                    var text = cell.text
                    text.withUTF8 { plain.append(contentsOf: $0) }
                }
                if alignments[column] == .left { pad(padding) }
            }
            // No trailing spaces: those gathered, then (when none is left) the plain run before.
            while plain.last == UInt8(ascii: " ") { plain.removeLast() }
            if plain.isEmpty { result.trimTrailingSpaces() }
        }
        result.append(String(decoding: plain, as: UTF8.self))
        return result
    }
}
