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
        write(to: &text, layout: .compact, depth: 0)
        return text
    }

    /// The value over several lines, each level indented by `indent` spaces, for files a person
    /// may read (`habit export json`); the last line ends with a line break.
    public func encoded(indent: Int) -> String {
        var text = ""
        write(to: &text, layout: .indented(indent), depth: 0)
        return text + "\n"
    }

    /// How a value is laid out.
    private enum Layout {
        /// On one line with no spaces.
        case compact
        /// On one line, its elements separated by `, ` and keys by `: `.
        case inline
        /// Over several lines, each level indented by this many spaces.
        case indented(Int)
    }

    /// Writes the value. When indenting, a value that reads as one line stays on one: an array
    /// of scalars or of arrays of scalars (a list of days, of day ranges), an object of scalars
    /// (notes by day).
    private func write(to text: inout String, layout: Layout, depth: Int) {
        var layout = layout
        if case .indented = layout, isOneLine { layout = .inline }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): text += JSONText.string(string)
        case .array(let elements):
            writeSequence(elements, open: "[", close: "]", to: &text, layout: layout, depth: depth) {
                element, text, layout, depth in
                element.write(to: &text, layout: layout, depth: depth)
            }
        case .object(let members):
            writeSequence(members, open: "{", close: "}", to: &text, layout: layout, depth: depth) {
                member, text, layout, depth in
                text += JSONText.string(member.key)
                if case .compact = layout { text += ":" } else { text += ": " }
                member.value.write(to: &text, layout: layout, depth: depth)
            }
        }
    }

    /// An array's or object's elements between `open` and `close`, as `layout` lays them out.
    private func writeSequence<Element>(
        _ elements: [Element], open: String, close: String, to text: inout String, layout: Layout, depth: Int,
        writeElement: (Element, inout String, Layout, Int) -> Void
    ) {
        text += open
        guard !elements.isEmpty else { return text += close }
        for (index, element) in elements.enumerated() {
            switch layout {
            case .compact: if index > 0 { text += "," }
            case .inline: if index > 0 { text += ", " }
            case .indented(let indent):
                if index > 0 { text += "," }
                text += "\n" + String(repeating: " ", count: indent * (depth + 1))
            }
            writeElement(element, &text, layout, depth + 1)
        }
        if case .indented(let indent) = layout { text += "\n" + String(repeating: " ", count: indent * depth) }
        text += close
    }

    /// Whether an indented layout keeps the value on one line.
    private var isOneLine: Bool {
        switch self {
        case .array(let elements): return elements.allSatisfy { $0.isScalar || $0.isArrayOfScalars }
        case .object(let members): return members.allSatisfy { $0.value.isScalar }
        default: return true
        }
    }

    /// Whether the value is an array whose elements are all scalars.
    private var isArrayOfScalars: Bool {
        if case .array(let elements) = self { return elements.allSatisfy(\.isScalar) }
        return false
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
