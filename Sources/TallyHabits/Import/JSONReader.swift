/// Reads a JSON document (RFC 8259) into a ``JSONValue``: strict, with every escape, and a
/// bounded depth so that a hostile file cannot exhaust the stack.
struct JSONReader {
    /// Why a document is not JSON, and where (a byte offset).
    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The deepest nesting accepted.
    static let maximumDepth = 64

    /// The most values a document may hold: ten times Tally's export of 100 habits kept ten
    /// years. Each value takes about 64 bytes once read, so this bounds what a file of tiny
    /// values (`[0,0,0,…]`) costs, as the size of the file alone would not.
    static let maximumValues = 4_000_000

    private let bytes: [UInt8]
    private var position = 0
    private var values = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value `bytes` hold, with nothing but white space after it.
    static func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.failure("unexpected text after the document") }
        return value
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard position < bytes.count, bytes[position] == byte else { throw failure("expected \(what)") }
        position += 1
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < JSONReader.maximumDepth else { throw failure("nested too deeply") }
        values += 1
        guard values <= JSONReader.maximumValues else {
            throw failure("the document holds more than \(JSONReader.maximumValues) values; at most that many are read")
        }
        guard position < bytes.count else { throw failure("the document ends where a value was expected") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            try sequence(closedBy: UInt8(ascii: "}")) { reader throws(Failure) in
                guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: "\"") else {
                    throw reader.failure("expected a quoted key")
                }
                let key = try reader.string()
                reader.skipSpace()
                try reader.expect(UInt8(ascii: ":"), "':' after the key")
                reader.skipSpace()
                members.append((key, try reader.value(depth: depth + 1)))
            }
            return .object(members, at: start)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try sequence(closedBy: UInt8(ascii: "]")) { reader throws(Failure) in
                elements.append(try reader.value(depth: depth + 1))
            }
            return .array(elements, at: start)
        case UInt8(ascii: "\""):
            return .string(try string(), at: start)
        case UInt8(ascii: "t"): return try literal("true", .bool(true, at: start))
        case UInt8(ascii: "f"): return try literal("false", .bool(false, at: start))
        case UInt8(ascii: "n"): return try literal("null", .null(at: start))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while position < bytes.count,
                bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")
                    || bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "e")
                    || bytes[position] == UInt8(ascii: "E") || (48...57).contains(bytes[position])
            {
                position += 1
            }
            return .number(String(decoding: bytes[start..<position], as: UTF8.self), at: start)
        default:
            throw failure("expected a value")
        }
    }

    /// The members of an object or the elements of an array, the opening bracket at
    /// `position`: `element` reads each, and commas separate them up to `close`.
    private mutating func sequence(
        closedBy close: UInt8, _ element: (inout JSONReader) throws(Failure) -> Void
    ) throws(Failure) {
        position += 1
        skipSpace()
        if position < bytes.count, bytes[position] == close {
            position += 1
            return
        }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(close, "',' or '\(Character(Unicode.Scalar(close)))'")
            return
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected
        else { throw failure("expected a value") }
        position += expected.count
        return value
    }

    /// A string literal, the opening quote at `position`.
    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw failure("this string is never closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character must be escaped in a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flush(position)
            position += 1
            guard position < bytes.count else { throw failure("this string is never closed") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { throw failure("a high surrogate must be followed by a low one") }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("expected a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate is not a character") }
                scalars.append(scalar)
            default:
                position -= 1
                throw failure("unknown escape")
            }
            runStart = position
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("expected four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hexadecimal digits")
            }
            code = code * 16 + UInt32(digit)
        }
        position += 4
        return code
    }
}
