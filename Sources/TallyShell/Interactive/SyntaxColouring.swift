import TallyCalendar
import TallyCore

/// The colours of the line being typed (`set highlight`), drawn by the same redisplay hook as
/// the suggestion and the preview (``LineDecorations``): numbers, names the session knows,
/// units and operators each in a colour, and a name it does not know in red, as fish colours
/// an unknown command. A line that starts with a command word (`help`, `set`, `bmi`, `habit`,
/// …) has only that word coloured: what follows is read by the command, not as an expression.
///
/// Only colours are added: the characters are the line's own, so readline's picture of the
/// screen stays true and the line entered is the line typed.
struct SyntaxColouring {
    /// The kinds of text coloured, each with its SGR parameters.
    enum Kind: String {
        case number = "36"  // cyan
        case name = "34"  // blue: a variable, function or constant
        case unit = "32"  // green
        case word = "35"  // magenta: a word operator (`to`, `mod`) or a command word
        case `operator` = "33"  // yellow
        case unknown = "31"  // red: a name the session does not know
    }

    /// Variables, functions and constants, by name.
    var names: Set<String>

    /// What may follow `to` besides a unit (`hex`, `base`); units themselves are looked up in
    /// ``UnitTable`` as the evaluator looks them up.
    static let units: Set<String> = Set(ConversionTarget.words.keys).union(["base", "si", "UTC"])

    /// The words that start a command line.
    static let commandWords: Set<String> = CommandWord.reservedWords.union(InteractiveCommand.words)

    /// Word operators (`to`, `mod`, `of`) and command words.
    static let words: Set<String> = OperatorTable.reservedWords.union(commandWords)

    /// Colouring for a session whose variables and functions are `names` (``Session/knownNames``).
    init(names: Set<String>) { self.names = names }

    /// The kind of the word `word`. Red only for a word that nothing the evaluator reads a name
    /// as would take: a built-in in another letter case (`SIN`), a unit with a prefix (`km`) or
    /// a unit on its own are known, as ``Evaluator``'s look-up knows them.
    func kind(ofWord word: Substring) -> Kind {
        let word = String(word)
        if names.contains(word) { return .name }
        if Self.units.contains(word) || UnitTable.unit(named: word) != nil { return .unit }
        let lowered = word.lowercased()
        if Self.words.contains(word) || Self.words.contains(lowered) { return .word }
        if lowered != word && names.contains(lowered) { return .name }
        return .unknown
    }

    /// Where the time-zone name that starts at `start` ends (`Europe/Paris`,
    /// `America/Argentina/Buenos_Aires`), when the words joined by `/` from there name a zone of
    /// the tz database; nil otherwise (then `/` is a division).
    static func endOfZoneName(in bytes: [UInt8], from start: Int, firstWordEnd: Int) -> Int? {
        var end = firstWordEnd
        var found: Int?
        while end + 1 < bytes.count, bytes[end] == UInt8(ascii: "/"), isWordStart(bytes[end + 1]) {
            end += 1
            while end < bytes.count && (isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-")) { end += 1 }
            if Zone.named(String(decoding: bytes[start..<end], as: UTF8.self)) != nil { found = end }
        }
        return found
    }

    /// `bytes` with SGR colour sequences around its numbers, names, units and operators;
    /// nothing else changes.
    func coloured(_ bytes: [UInt8]) -> String {
        var result = ""
        result.reserveCapacity(bytes.count * 3)
        var index = 0
        var plainFrom = 0
        var firstWord = true
        func emit(_ kind: Kind, from start: Int, to end: Int) {
            result += String(decoding: bytes[plainFrom..<start], as: UTF8.self)
            result += "\u{1B}[\(kind.rawValue)m" + String(decoding: bytes[start..<end], as: UTF8.self) + "\u{1B}[0m"
            plainFrom = end
        }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            if byte == UInt8(ascii: "#") {
                break  // a comment: as typed
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // A quoted name (`habit done "Read"`): as typed, to its closing quote.
                index += 1
                while index < bytes.count && bytes[index] != byte { index += 1 }
                index += 1
            } else if Self.isDigit(byte)
                || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && Self.isDigit(bytes[index + 1]))
            {
                index = Self.endOfNumber(in: bytes, from: index)
                emit(.number, from: start, to: index)
            } else if Self.isWordStart(byte) {
                while index < bytes.count && Self.isWordByte(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if firstWord && Self.commandWords.contains(word.lowercased()) {
                    emit(.word, from: start, to: index)
                    break  // the rest is the command's
                }
                if let end = Self.endOfZoneName(in: bytes, from: start, firstWordEnd: index) {
                    index = end
                    emit(.unit, from: start, to: index)
                } else {
                    emit(kind(ofWord: Substring(word)), from: start, to: index)
                }
            } else if Self.operatorBytes.contains(byte) {
                index += 1
                emit(.operator, from: start, to: index)
            } else {
                index += 1
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { firstWord = false }
        }
        result += String(decoding: bytes[plainFrom...], as: UTF8.self)
        return result
    }

    private static let operatorBytes: Set<UInt8> = Set("+-*/^%!=<>&|~,;()".utf8)

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }

    /// Where the number literal at `start` ends: digits with `.` and `_`, a radix prefix
    /// (`0x1F`), an exponent (`1e5`, `2.5E-3`). A letter after the digits (`2x`) is a name.
    private static func endOfNumber(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "0"), index + 2 < bytes.count,
            [UInt8(ascii: "x"), UInt8(ascii: "b"), UInt8(ascii: "o")].contains(bytes[index + 1] | 0x20)
        {
            index += 2
            while index < bytes.count && (isWordByte(bytes[index])) { index += 1 }
            return index
        }
        while index < bytes.count
            && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "_"))
        {
            index += 1
        }
        if index + 1 < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var next = index + 1
            if bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
            if next < bytes.count && isDigit(bytes[next]) {
                index = next
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            }
        }
        return index
    }
}
