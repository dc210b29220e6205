import CSQLite

extension SQLiteHabitStore {
    /// A table, index or trigger as `sqlite_master` keeps it, its SQL in ``canonicalSQL(_:)``.
    struct SchemaObject: Equatable, Sendable {
        let type: String
        let name: String
        let table: String
        let sql: String
    }

    /// The schema of each version exactly as this Tally's migrations create it,
    /// `expectedSchemas[n]` for version `n` (version 0 is the empty database): built once per
    /// process, on first use, by running the migrations on a database in memory. New versions
    /// are checked as soon as they have a migration.
    static let expectedSchemas: Result<[[SchemaObject]], HabitStoreError> = buildExpectedSchemas()

    private static func buildExpectedSchemas() -> Result<[[SchemaObject]], HabitStoreError> {
        do {
            let memory = try SQLiteHabitStore(
                openingFileAt: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY)
            var schemas = [try memory.schemaObjects()]
            for (step, migration) in SQLiteSchema.migrations.enumerated() {
                try memory.execute(migration, operation: "building schema version \(step + 1) in memory")
                schemas.append(try memory.schemaObjects())
            }
            return .success(schemas)
        } catch let error as HabitStoreError {
            return .failure(error)
        } catch {
            return .failure(.sqlite(file: ":memory:", operation: "building the schema", message: "\(error)"))
        }
    }

    /// Every table, index and trigger of the file other than SQLite's own, by type and name.
    func schemaObjects() throws -> [SchemaObject] {
        var objects: [SchemaObject] = []
        try forEachRow(
            """
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
            """, []
        ) { row in
            objects.append(
                SchemaObject(
                    type: row.text(0) ?? "", name: row.text(1) ?? "", table: row.text(2) ?? "",
                    sql: SQLiteHabitStore.canonicalSQL(row.text(3) ?? "")))
        }
        return objects
    }

    /// Throws unless the file's schema is, object for object and statement for statement
    /// (trigger bodies, constraints and defaults included), the one this Tally creates for the
    /// file's version: a trigger rewritten by another program would run on Tally's next write.
    ///
    /// Checked inside every write transaction, before anything is written. Reading needs less:
    /// no trigger runs on a read and indexes do not change what a query returns, so opening
    /// checks names only (``checkIsOurs(version:tableCount:)``) and reads stay cheap.
    func checkSchemaInFull() throws {
        let (version, _) = try versionAndTableCount()
        let expected = try SQLiteHabitStore.expectedSchemas.get()
        guard version < expected.count else {
            throw HabitStoreError.newerSchema(file: path, version: version, supported: SQLiteSchema.latestVersion)
        }
        guard version >= 0, try schemaObjects() == expected[version] else {
            throw HabitStoreError.foreignDatabase(file: path)
        }
    }

    /// `sql` with comments dropped, each run of white space made one space (none next to
    /// `(`, `)`, `,` or `;`), ASCII letters in lower case and plain identifiers unquoted;
    /// string literals kept byte for byte. Two statements with the same canonical form mean the
    /// same thing, however a version of SQLite spaced or quoted the text it rewrote.
    static func canonicalSQL(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var spacePending = false
        func isTight(_ byte: UInt8) -> Bool { byte == 0x28 || byte == 0x29 || byte == 0x2C || byte == 0x3B }
        func emit(_ byte: UInt8) {
            if spacePending, let last = output.last, !isTight(last), !isTight(byte) { output.append(0x20) }
            spacePending = false
            output.append(byte)
        }
        func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
                spacePending = true
                index += 1
            case 0x2D where next == 0x2D:  // -- to the end of the line
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                spacePending = true
            case 0x2F where next == 0x2A:  // /* to */ (or the end)
                index += 2
                while index < bytes.count
                    && !(bytes[index] == 0x2A && index + 1 < bytes.count && bytes[index + 1] == 0x2F)
                {
                    index += 1
                }
                index += 2
                spacePending = true
            case 0x27:  // a string literal, '' inside it
                emit(byte)
                index += 1
                while index < bytes.count {
                    output.append(bytes[index])
                    index += 1
                    if bytes[index - 1] == 0x27 {
                        guard index < bytes.count, bytes[index] == 0x27 else { break }
                        output.append(0x27)
                        index += 1
                    }
                }
            case 0x22, 0x60, 0x5B:  // "identifier", `identifier`, [identifier]
                let close: UInt8 = byte == 0x5B ? 0x5D : byte
                var name: [UInt8] = []
                index += 1
                while index < bytes.count {
                    if bytes[index] == close {
                        guard close != 0x5D, index + 1 < bytes.count, bytes[index + 1] == close else { break }
                        index += 1
                    }
                    name.append(bytes[index])
                    index += 1
                }
                index += 1
                let plain =
                    !name.isEmpty && !(0x30...0x39).contains(name[0])
                    && name.allSatisfy { $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) }
                if plain {
                    for character in name { emit(lowercased(character)) }
                } else {
                    emit(0x22)
                    for character in name {
                        output.append(character)
                        if character == 0x22 { output.append(0x22) }
                    }
                    output.append(0x22)
                }
            default:
                emit(lowercased(byte))
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
