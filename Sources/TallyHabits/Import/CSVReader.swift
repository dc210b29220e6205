/// Reads RFC 4180 CSV (fields in double quotes may hold commas, quotes doubled and line
/// breaks; CRLF or LF line ends) into rows of fields, each with its 1-based line and column.
enum CSVReader {
    /// One field: its text (unquoted) and where it starts.
    struct Field: Sendable {
        var text: String
        /// 1-based line of the field's first byte.
        var line: Int
        /// 1-based column of the field's first byte, counted in characters.
        var column: Int
    }

    /// Why a file is not CSV: the problem and its 1-based line and column.
    struct Failure: Error {
        var line: Int
        var column: Int
        var problem: String
    }

    /// The rows of `bytes` (a leading UTF-8 byte order mark skipped); a blank last line is no row.
    static func rows(_ bytes: [UInt8]) throws(Failure) -> [[Field]] {
        var rows: [[Field]] = []
        do {
            try forEachRow(bytes) { rows.append($0) }
        } catch let failure as Failure {
            throw failure
        } catch {
            preconditionFailure("appending a row cannot fail")
        }
        return rows
    }

    /// Calls `body` with each row of `bytes` in turn, keeping none: a file of a million rows
    /// costs the memory of one. A problem in the file throws ``Failure``; `body`'s own errors
    /// pass through.
    static func forEachRow(_ bytes: [UInt8], _ body: ([Field]) throws -> Void) throws {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var lineStart = index
        var row: [Field] = []
        // The column of the last offset asked for, so that a line of many fields is counted once
        // (counting from the line's start for each field would be quadratic in the line's length).
        var counted = (lineStart: lineStart, offset: lineStart, column: 1)
        func column(_ offset: Int) -> Int {
            if counted.lineStart != lineStart || offset < counted.offset {
                counted = (lineStart, lineStart, 1)
            }
            counted.column += String(decoding: bytes[counted.offset..<offset], as: UTF8.self).count
            counted.offset = offset
            return counted.column
        }
        func text(_ slice: ArraySlice<UInt8>, at line: Int, _ column: Int) throws(Failure) -> String {
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw Failure(line: line, column: column, problem: "this field is not valid UTF-8")
            }
            return text
        }
        while index < bytes.count {
            let (fieldLine, fieldColumn) = (line, column(index))
            var value: String
            if bytes[index] == UInt8(ascii: "\"") {
                var content: [UInt8] = []
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw Failure(line: fieldLine, column: fieldColumn, problem: "this quote is never closed")
                    }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                            content.append(byte)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    content.append(byte)
                    index += 1
                }
                value = try text(content[...], at: fieldLine, fieldColumn)
                if index < bytes.count,
                    ![UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index])
                {
                    throw Failure(
                        line: line, column: column(index), problem: "expected a comma after the closing quote")
                }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "\n"),
                    bytes[index] != UInt8(ascii: "\r")
                {
                    index += 1
                }
                value = try text(bytes[start..<index], at: fieldLine, fieldColumn)
            }
            row.append(Field(text: value, line: fieldLine, column: fieldColumn))
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                if index == bytes.count { row.append(Field(text: "", line: line, column: column(index))) }
                continue
            }
            if bytes[index] == UInt8(ascii: "\r") { index += 1 }
            if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
            try body(row)
            row.removeAll(keepingCapacity: true)
            line += 1
            lineStart = index
        }
        if !row.isEmpty { try body(row) }
    }

    /// Calls `body` with each row of the CSV file `bytes`, named `shownAs` in messages: a
    /// problem in the file is an import error at its place.
    static func forEachRow(
        _ bytes: [UInt8], shownAs: String, _ body: ([Field]) throws(HabitImportError) -> Void
    ) throws(HabitImportError) {
        do {
            try forEachRow(bytes) { row in try body(row) }
        } catch let error as Failure {
            throw HabitImportError(file: shownAs, line: error.line, column: error.column, problem: error.problem)
        } catch let error as HabitImportError {
            throw error
        } catch {
            preconditionFailure("only these two are thrown")
        }
    }

}
