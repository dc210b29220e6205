/// A grid of dots drawn in the terminal: Unicode braille (two by four dots a character), or
/// one ASCII mark a character.
struct DotCanvas {
    /// Character columns and rows.
    let columns: Int
    let rows: Int
    let ascii: Bool
    /// The dots set, by character cell: braille bits, or a nonzero value for ASCII.
    private var cells: [[UInt8]]
    /// Characters drawn over the dots (a marker), by cell.
    private var overlays: [[Character?]]

    init(columns: Int, rows: Int, ascii: Bool) {
        self.columns = columns
        self.rows = rows
        self.ascii = ascii
        cells = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        overlays = Array(repeating: Array(repeating: nil, count: columns), count: rows)
    }

    /// Dots across: two a column in braille, one in ASCII.
    var width: Int { ascii ? columns : 2 * columns }
    /// Dots down: four a row in braille, one in ASCII.
    var height: Int { ascii ? rows : 4 * rows }

    /// Sets the dot at `x` (from the left) and `y` (from the bottom); dots outside are ignored.
    mutating func set(x: Int, y: Int) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        let fromTop = height - 1 - y
        if ascii {
            cells[fromTop][x] = 1
            return
        }
        let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        cells[fromTop / 4][x / 2] |= bits[fromTop % 4][x % 2]
    }

    /// Sets the dots from `(x, from)` to `(x, to)`, so that a steep curve has no gaps.
    mutating func setColumn(x: Int, from: Int, to: Int) {
        for y in min(from, to)...max(from, to) { set(x: x, y: y) }
    }

    /// Draws `mark` over the cell holding dot `(x, y)`.
    mutating func mark(x: Int, y: Int, with mark: Character) {
        let column = ascii ? x : x / 2
        let row = ascii ? height - 1 - y : (height - 1 - y) / 4
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return }
        overlays[row][column] = mark
    }

    /// The row of characters `row` from the top.
    func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<columns {
            if let overlay = overlays[row][column] {
                text.append(overlay)
            } else if ascii {
                text.append(cells[row][column] == 0 ? " " : ".")
            } else {
                let bits = cells[row][column]
                text.append(bits == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32(bits))!))
            }
        }
        return text
    }
}
