import Glibc
import TallyCalendar

/// Reads what `habit export json` writes back into habits: `habit import FILE`.
///
/// Each habit goes through ``Habit``'s own checks as it would from the store; a name taken in
/// the store, or twice in the file, is refused (importing never merges into or replaces a habit
/// that exists). Keys are those the export writes; `target`, `skipped`, `paused` and `notes` may
/// be left out (an export of an older Tally has none of them).
enum HabitImportFormat {
    /// The habits in the JSON export `bytes` (read from `path`), each with a new identity; a
    /// day after `today` is refused, as typed commands refuse it.
    static func habits(_ bytes: [UInt8], path: String, today: CivilDate) throws(HabitImportError) -> [Habit] {
        let document: JSONValue
        do {
            document = try JSONReader.read(bytes)
        } catch {
            throw failure(path, bytes, error.offset, error.message)
        }
        var reader = Reader(path: path, bytes: bytes, today: today)
        return try reader.habits(document)
    }

    /// The largest file `habit import` reads: far above any export (Loop's backup of 100 habits
    /// kept ten years is about 20 MiB), and a bound on the memory a wrong file can take.
    static let maximumFileSize = 256 << 20

    private static let tooLarge = "it is larger than the \(maximumFileSize >> 20) MiB an import reads"

    /// The whole file, read with plain system calls. Every file an import opens comes through
    /// here (a Loop folder's files too, not only the path typed), and each must be a regular
    /// file of at most ``maximumFileSize`` bytes: a FIFO would block the read forever and a
    /// link to `/dev/zero` never end. It is opened without blocking, so that opening a FIFO
    /// with no writer returns at once, and checked before a byte is read.
    static func readFile(_ path: String) throws(HabitImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw HabitImportError(file: path, problem: "cannot read it: " + String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HabitImportError(file: path, problem: "cannot read it: " + String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HabitImportError(file: path, problem: "it is not a regular file (\(kind(of: status.st_mode)))")
        }
        if status.st_size > maximumFileSize {
            throw HabitImportError(file: path, problem: tooLarge)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw HabitImportError(file: path, problem: "cannot read it: " + String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            // A file that grows while it is read is held to the same bound.
            guard bytes.count + count <= maximumFileSize else { throw HabitImportError(file: path, problem: tooLarge) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// What a file that is not a regular file is, for the message refusing it.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a file Tally reads"
        }
    }

    /// The error at byte `offset` of the file, with its line and column.
    static func failure(_ path: String, _ bytes: [UInt8], _ offset: Int, _ problem: String) -> HabitImportError {
        var line = 1
        var lineStart = 0
        for index in 0..<Swift.min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<Swift.min(offset, bytes.count)], as: UTF8.self).count + 1
        return HabitImportError(file: path, line: line, column: column, problem: problem)
    }

    /// Turns the document's values into habits, reporting each problem where it is.
    private struct Reader {
        let path: String
        let bytes: [UInt8]
        let today: CivilDate

        func fail(_ value: JSONValue, _ problem: String) -> HabitImportError {
            HabitImportFormat.failure(path, bytes, value.offset, problem)
        }

        mutating func habits(_ document: JSONValue) throws(HabitImportError) -> [Habit] {
            let top = try object(document, keys: ["habits"], required: ["habits"])
            guard case .array(let items, _) = top["habits"]! else {
                throw fail(top["habits"]!, "expected an array of habits")
            }
            var habits: [Habit] = []
            var keys: [String: String] = [:]
            for item in items {
                let habit = try self.habit(item)
                if let earlier = keys[habit.nameKey] {
                    throw fail(
                        item,
                        "the habit \(MessageText.quoted(habit.name)) is in the file twice (as \(MessageText.quoted(earlier)))"
                    )
                }
                keys[habit.nameKey] = habit.name
                habits.append(habit)
            }
            return habits
        }

        func habit(_ value: JSONValue) throws(HabitImportError) -> Habit {
            let fields = try object(
                value,
                keys: [
                    "name", "start", "archived", "target", "done", "skipped", "paused", "notes", "amounts",
                    "description",
                    "position",
                ],
                required: ["name", "start", "archived", "done"])
            let name = try string(fields["name"]!)
            let start = try day(fields["start"]!)
            let archived: CivilDate? = try fields["archived"].flatMap { value throws(HabitImportError) -> CivilDate? in
                if case .null = value { return nil }
                return try day(value)
            }
            var target = HabitTarget.daily
            var measure: HabitMeasure?
            if let value = fields["target"] {
                let text = try string(value)
                let words = text.split(separator: " ").map(String.init)
                var parsed: HabitTarget?
                do throws(HabitError) {
                    if let (measured, period) = try HabitMeasure.parse(words) {
                        (measure, parsed) = (measured, period)
                    } else {
                        parsed = try HabitTarget.parse(words)
                    }
                } catch {
                    throw fail(value, error.message)
                }
                guard let parsed else {
                    throw fail(value, "expected a target: daily, N/week, N/month, every N days or X times in Y days")
                }
                target = parsed
            }
            let done = try days(fields["done"]!)
            let skipped = try fields["skipped"].map { value throws(HabitImportError) in try days(value) } ?? []
            var pauses: [ClosedRange<CivilDate>] = []
            if let value = fields["paused"] {
                guard case .array(let items, _) = value else { throw fail(value, "expected an array of pauses") }
                for item in items {
                    guard case .array(let ends, _) = item, ends.count == 2 else {
                        throw fail(item, "expected a pause as [\"FIRST\", \"LAST\"]")
                    }
                    let (first, last) = (try day(ends[0]), try day(ends[1]))
                    guard first <= last else { throw fail(item, "this pause ends before it begins") }
                    pauses.append(first...last)
                }
            }
            var notes: [CivilDate: String] = [:]
            if let value = fields["notes"] {
                guard case .object(let members, _) = value else { throw fail(value, "expected an object of notes") }
                for member in members {
                    notes[try dayKey(member.key, of: member.value)] = try string(member.value)
                }
            }
            var amounts: [CivilDate: Int] = [:]
            if let value = fields["amounts"] {
                guard measure != nil else {
                    throw fail(value, "amounts need a measure as the target (8 glasses per day)")
                }
                guard case .object(let members, _) = value else { throw fail(value, "expected an object of amounts") }
                for member in members {
                    let amountDay = try dayKey(member.key, of: member.value)
                    guard case .number(let text, _) = member.value else {
                        throw fail(member.value, "expected an amount, not \(member.value.kind)")
                    }
                    let amount: Int?
                    do throws(HabitError) {
                        amount = try HabitMeasure.parseAmount(text)
                    } catch {
                        throw fail(member.value, error.message)
                    }
                    guard let amount else { throw fail(member.value, "expected an amount such as 2.5, not \(text)") }
                    amounts[amountDay] = amount
                }
            }
            let description = try fields["description"].map { value throws(HabitImportError) in try string(value) }
            var position: Int?
            if let value = fields["position"] {
                guard case .number(let text, _) = value, text.utf8.count <= 9, let place = Int(text), place >= 1 else {
                    throw fail(value, "expected a position: 1, 2, 3…")
                }
                position = place
            }
            do throws(HabitError) {
                // Held to the rules of a typed name, not only those of a stored one.
                _ = try Habit.validatedName(name)
                // A measurable habit's days done are those its amounts meet the goal: derived.
                return try Habit(
                    restoring: .random(), name: name, start: start, archiveDay: archived,
                    daysDone: measure == nil ? done : [], target: target,
                    skippedDays: skipped, pauses: pauses, notes: notes, measure: measure, amounts: amounts,
                    description: description, position: position)
            } catch {
                throw fail(value, error.message)
            }
        }

        /// The members of an object, which may have only `keys`, each once, and must have
        /// `required`.
        func object(_ value: JSONValue, keys: Set<String>, required: [String]) throws(HabitImportError)
            -> [String: JSONValue]
        {
            guard case .object(let members, _) = value else { throw fail(value, "expected an object") }
            var fields: [String: JSONValue] = [:]
            for member in members {
                guard keys.contains(member.key) else {
                    throw fail(member.value, "unknown key \(MessageText.quoted(member.key))")
                }
                guard fields[member.key] == nil else {
                    throw fail(member.value, "the key \(MessageText.quoted(member.key)) is given twice")
                }
                fields[member.key] = member.value
            }
            for key in required where fields[key] == nil {
                throw fail(value, "missing the key '\(key)'")
            }
            return fields
        }

        /// A key of `notes` or `amounts`: a day, not in the future.
        func dayKey(_ key: String, of value: JSONValue) throws(HabitImportError) -> CivilDate {
            let parsed: CivilDate
            do throws(DayParseError) {
                parsed = try CivilDate.parse(key)
            } catch {
                throw fail(value, "the key \(MessageText.quoted(key)) is not a day: \(error.message)")
            }
            guard parsed <= today else { throw fail(value, "\(parsed) is in the future; today is \(today)") }
            return parsed
        }

        func string(_ value: JSONValue) throws(HabitImportError) -> String {
            guard case .string(let text, _) = value else { throw fail(value, "expected a string, not \(value.kind)") }
            return text
        }

        func day(_ value: JSONValue) throws(HabitImportError) -> CivilDate {
            let text = try string(value)
            let parsed: CivilDate
            do throws(DayParseError) {
                parsed = try CivilDate.parse(text)
            } catch {
                throw fail(value, error.message)
            }
            guard parsed <= today else { throw fail(value, "\(parsed) is in the future; today is \(today)") }
            return parsed
        }

        func days(_ value: JSONValue) throws(HabitImportError) -> [CivilDate] {
            guard case .array(let items, _) = value else { throw fail(value, "expected an array of days") }
            var result: [CivilDate] = []
            for item in items { result.append(try day(item)) }
            return result
        }
    }
}
