/// A result too wide for the screen, shortened at the prompt so that `100000!` does not
/// scroll 456,574 digits past: its first and last digits and how many there are. The whole
/// result stays one command away (`full`, through the pager); files, pipes and `-e` always
/// print it complete.
enum ResultAbbreviation {
    /// Screen rows a result may fill before it is shortened.
    static let rowsShownWhole = 4

    /// `text` shortened to fit one row of `columns`, or nil when it fits in
    /// ``rowsShownWhole`` rows (or is not a single line).
    static func abbreviated(_ text: String, columns: Int) -> String? {
        let count = text.utf8.count
        guard count > rowsShownWhole * max(columns, 20), !text.utf8.contains(UInt8(ascii: "\n")) else { return nil }
        let digits = text.utf8.reduce(0) { $0 + ($1 >= UInt8(ascii: "0") && $1 <= UInt8(ascii: "9") ? 1 : 0) }
        let note = " (\(grouped(digits)) digits; 'full' shows all)"
        let room = max(20, columns - note.count - 1)
        let tail = text.utf8.suffix(10)
        let head = text.utf8.prefix(room - tail.count - 1)
        return String(decoding: head, as: UTF8.self) + "…" + String(decoding: tail, as: UTF8.self) + note
    }

    /// `n` with its digits grouped in threes by commas: 456,574.
    static func grouped(_ number: Int) -> String {
        var text = String(number)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }
}
