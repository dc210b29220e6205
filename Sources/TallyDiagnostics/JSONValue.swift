/// A JSON value built as data and written by one encoder: every JSON Tally writes — `--json`
/// lines, diagnostics, `bmi` results, habit views and exports — is one of these, so no output
/// is assembled by joining strings, and escaping happens in one place (``JSONText``).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as the literal text it is written with (`22.9`, `-3`, `0.88`): Tally's
    /// numbers are exact or rounded on purpose, so the digits are given, never a `Double`'s.
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// An object, its members in the order they are written.
    case object([JSONMember])

    /// An integer.
    public static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A number given as its decimal text (`"22.9"`); nil when the text is not a JSON number.
    public static func number(text: String) -> JSONValue? { JSONNumber(text: text).map(JSONValue.number) }

    /// A string, or `null` when there is none.
    public static func string(orNull text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An object of `members`, written in the order given.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { JSONMember($0.key, $0.value) })
    }
}

/// One member of a JSON object: its key and its value.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// The text of a JSON number, checked to be one (RFC 8259's `number`) when it is made.
public struct JSONNumber: Sendable, Equatable {
    public let text: String

    public init(_ value: Int) { text = String(value) }

    /// The number `text` writes, or nil when it is not a JSON number (`1.`, `+1`, `0x1f`).
    public init?(text: String) {
        guard JSONNumber.isNumber(Array(text.utf8)) else { return nil }
        self.text = text
    }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }
}

extension JSONValue {
    /// The value on one line with no spaces, as JSON Lines wants it.
    public var encoded: String {
        var text = ""
        write(to: &text, indent: nil, depth: 0)
        return text
    }

    /// The value over several lines, each level indented by `indent` spaces, for files a person
    /// may read (`habit export json`); the last line ends with a line break.
    public func encoded(indent: Int) -> String {
        var text = ""
        write(to: &text, indent: indent, depth: 0)
        return text + "\n"
    }

    /// Writes the value; `indent` nil writes it compactly. Arrays of scalars stay on one line
    /// when indenting, so a list of days reads as a list.
    private func write(to text: inout String, indent: Int?, depth: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): text += JSONText.string(string)
        case .array(let elements):
            let scalars = elements.allSatisfy(\.isScalar)
            writeSequence(
                elements, open: "[", close: "]", to: &text, indent: scalars ? nil : indent,
                inline: scalars && indent != nil,
                depth: depth
            ) { element, text, indent, depth in
                element.write(to: &text, indent: indent, depth: depth)
            }
        case .object(let members):
            writeSequence(members, open: "{", close: "}", to: &text, indent: indent, inline: false, depth: depth) {
                member, text, indent, depth in
                text += JSONText.string(member.key)
                text += indent == nil ? ":" : ": "
                member.value.write(to: &text, indent: indent, depth: depth)
            }
        }
    }

    /// An array's or object's elements between `open` and `close`: compactly, one to a line
    /// when indenting, or on one line separated by `, ` (`inline`).
    private func writeSequence<Element>(
        _ elements: [Element], open: String, close: String, to text: inout String, indent: Int?, inline: Bool,
        depth: Int, writeElement: (Element, inout String, Int?, Int) -> Void
    ) {
        text += open
        guard !elements.isEmpty else { return text += close }
        for (index, element) in elements.enumerated() {
            if index > 0 { text += inline ? ", " : "," }
            if let indent { text += "\n" + String(repeating: " ", count: indent * (depth + 1)) }
            writeElement(element, &text, indent, depth + 1)
        }
        if let indent { text += "\n" + String(repeating: " ", count: indent * depth) }
        text += close
    }

    /// Whether the value holds no other value.
    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// The member named `key` of an object; nil for a missing key or another kind of value.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
