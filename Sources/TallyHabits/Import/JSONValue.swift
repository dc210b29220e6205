/// A JSON value as `habit import` reads it, each with the byte offset it starts at so that a
/// problem can be reported at its line and column.
indirect enum JSONValue: Equatable {
    case object([(key: String, value: JSONValue)], at: Int)
    case array([JSONValue], at: Int)
    case string(String, at: Int)
    case number(String, at: Int)
    case bool(Bool, at: Int)
    case null(at: Int)

    /// Where the value starts: a byte offset into the document.
    var offset: Int {
        switch self {
        case .object(_, let at), .array(_, let at), .string(_, let at), .number(_, let at), .bool(_, let at),
            .null(let at):
            return at
        }
    }

    /// What kind of value it is, for messages: "an object", "a string".
    var kind: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a, _), .object(let b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a, _), .array(let b, _)): return a == b
        case (.string(let a, _), .string(let b, _)), (.number(let a, _), .number(let b, _)): return a == b
        case (.bool(let a, _), .bool(let b, _)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}
