import Foundation

/// What a terminal shows after the bytes a session wrote: enough of a VT100 for readline's
/// redisplay and the prompt's decorations (carriage return, newline, backspace, cursor
/// movement, erasing, inserting and deleting characters; colours and modes are ignored), so
/// a test can assert what a person would see rather than which bytes drew it. Every character
/// takes one column; the rows are as wide as the terminal and never wrap by themselves
/// unless a character is written past the last column.
struct TerminalScreen {
    private(set) var rows: [[Character]] = [[]]
    private(set) var row = 0
    private(set) var column = 0
    let columns: Int

    init(columns: Int) { self.columns = columns }

    /// The screen after `bytes`, written to a screen `columns` wide.
    init(_ bytes: [UInt8], columns: Int) {
        self.init(columns: columns)
        write(bytes)
    }

    /// The text of each row, without trailing spaces.
    var lines: [String] {
        rows.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// The row the cursor is on.
    var cursorLine: String { lines[row] }

    mutating func write(_ bytes: [UInt8]) {
        let text = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < text.count {
            let character = text[index]
            index += 1
            switch character {
            case "\r": column = 0
            case "\n", "\r\n":
                if character == "\r\n" { column = 0 }
                moveDown()
            case "\u{08}": column = max(0, column - 1)
            case "\u{07}": break
            case "\u{1B}":
                index = escape(in: text, from: index)
            default:
                put(character)
            }
        }
    }

    private mutating func moveDown() {
        row += 1
        while rows.count <= row { rows.append([]) }
    }

    private mutating func put(_ character: Character) {
        if column >= columns {
            column = 0
            moveDown()
        }
        while rows[row].count < column { rows[row].append(" ") }
        if column < rows[row].count { rows[row][column] = character } else { rows[row].append(character) }
        column += 1
    }

    /// Carries out the sequence after an escape at `start`; returns where the text goes on.
    private mutating func escape(in text: [Character], from start: Int) -> Int {
        guard start < text.count, text[start] == "[" else {
            // Not a control sequence (an OSC would be a bug of the session): shown as is.
            put("␛")
            return start
        }
        var index = start + 1
        var parameters = ""
        while index < text.count, !(text[index].isLetter || text[index] == "@") {
            parameters.append(text[index])
            index += 1
        }
        guard index < text.count else { return index }
        let final = text[index]
        let count = Int(parameters) ?? 1
        switch final {
        case "C": column = min(columns - 1, column + count)
        case "D": column = max(0, column - count)
        case "A": row = max(0, row - count)
        case "B": for _ in 0..<count { moveDown() }
        case "K":
            if rows[row].count > column { rows[row].removeSubrange(column...) }
        case "J":
            if parameters == "2" { rows = rows.map { _ in [] } }
        case "H":
            row = 0
            column = 0
        case "@":
            while rows[row].count < column { rows[row].append(" ") }
            rows[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            if rows[row].count > columns { rows[row].removeSubrange(columns...) }
        case "P":
            if rows[row].count > column { rows[row].removeSubrange(column..<min(rows[row].count, column + count)) }
        default: break  // colours (m), modes (h, l)
        }
        return index + 1
    }
}
