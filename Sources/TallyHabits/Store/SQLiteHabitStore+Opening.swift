import CSQLite
import Glibc

extension SQLiteHabitStore {
    /// Opens (creating when missing) the database in `directory`, creating the directory and its
    /// missing parents with mode 0700, and migrating the schema forward.
    ///
    /// Throws ``HabitStoreError`` naming the file when it cannot be created or opened, is not an
    /// SQLite database, is another program's database or has a newer schema; the file is then
    /// left exactly as it was.
    public convenience init(directory: String) throws {
        try self.init(directory: directory, schemaVersion: SQLiteSchema.latestVersion)
    }

    /// Opens the database migrated to `schemaVersion` only: tests use it to build files of an
    /// older version.
    ///
    /// In a folder that cannot be written the file is opened read-only: reading works, and a
    /// write (an upgrade of an older schema included) says that the folder is read-only.
    convenience init(directory: String, schemaVersion: Int) throws {
        try SQLiteHabitStore.createDirectory(directory)
        let path = SQLiteHabitStore.path(in: directory)
        let store = SQLiteHabitStore.directory(of: path)
        let readOnlyReason =
            access(store, W_OK) != 0 && (errno == EACCES || errno == EROFS || errno == EPERM)
            ? "the folder \(store) is read-only" : nil
        if let readOnlyReason {
            if access(path, F_OK) != 0 && errno == ENOENT {
                throw HabitStoreError.cannotOpen(file: path, reason: "it does not exist and \(readOnlyReason)")
            }
        } else {
            try SQLiteHabitStore.createFileIfMissing(path)
        }
        let header = try SQLiteHabitStore.checkHeader(path)
        // A file in WAL mode in a folder where SQLite cannot make the log's shared memory is read
        // as one nobody changes, when no log is left to read (any session would have one).
        let immutable = readOnlyReason != nil && header.usesWriteAheadLog && access(path + "-wal", F_OK) != 0
        // No SQLITE_OPEN_CREATE: the file exists (made above with the right mode); if it has
        // vanished since, failing is better than SQLite creating one with the umask's mode.
        try self.init(
            openingFileAt: path, flags: readOnlyReason == nil ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY,
            immutable: immutable)
        // The file checked above must be the one SQLite opened.
        guard identity == header.identity else { throw HabitStoreError.replaced(file: path) }
        self.readOnlyReason = readOnlyReason
        try checkCompanionFiles()
        try prepareSchema(upTo: schemaVersion, fromWriteAheadLog: header.usesWriteAheadLog && readOnlyReason == nil)
        SQLiteHabitStore.tightenPermissions(of: path)
    }

    /// Opens the database in `directory` only to read it, when there is one Tally can read as
    /// it is: nil when the file does not exist, is empty or has an older schema (the first
    /// store opened with ``init(directory:)`` upgrades it). Creates no directory and no
    /// database file, and never writes; tab completion uses it, so that pressing Tab cannot
    /// leave a database behind.
    ///
    /// Throws ``HabitStoreError`` when the file cannot be read, is not an SQLite database, is
    /// another program's database or has a newer schema.
    convenience init?(readingExistingIn directory: String) throws {
        let path = SQLiteHabitStore.path(in: directory)
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw HabitStoreError.cannotOpen(file: path, reason: SQLiteHabitStore.lastErrorText())
        }
        let header = try SQLiteHabitStore.checkHeader(path)
        // A read-only connection to a file in WAL mode (made by an older Tally) creates the log
        // and its shared memory when they are missing. They are missing only when no session
        // has the file open, and then every change is in the file itself, which can be read as
        // immutable, touching nothing. (Should a session open the file and write during that
        // read, the read may fail or miss the change: completion then offers fewer names,
        // nothing worse.) A file with a rollback journal is read with no file made beside it.
        let sessionIsOpen = access(path + "-wal", F_OK) == 0 && access(path + "-shm", F_OK) == 0
        try self.init(
            openingFileAt: path, flags: SQLITE_OPEN_READONLY, immutable: header.usesWriteAheadLog && !sessionIsOpen)
        try checkCompanionFiles()
        let (version, tableCount) = try versionAndTableCount()
        try checkIsOurs(version: version, tableCount: tableCount)
        guard version == SQLiteSchema.latestVersion else { return nil }
    }

    /// The database file's path in `directory`.
    static func path(in directory: String) -> String {
        directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
    }

    private static func createDirectory(_ directory: String) throws {
        guard !directory.isEmpty else {
            throw HabitStoreError.cannotCreateDirectory(path: directory, reason: "the path is empty")
        }
        // The usual case, a folder that exists: one stat (every folder on its path exists then).
        var existing = stat()
        if stat(directory, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR { return }
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += component
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw HabitStoreError.cannotCreateDirectory(path: prefix, reason: "it is not a directory")
                }
            } else if mkdir(prefix, 0o700) == 0 {
                // The umask may have taken bits away (0277 leaves r-x, and nothing could be
                // created inside): make it exactly 0700.
                chmod(prefix, 0o700)
            } else if errno != EEXIST {
                // EEXIST: another session created it a moment ago, which is fine.
                throw HabitStoreError.cannotCreateDirectory(path: prefix, reason: lastErrorText())
            }
            prefix += "/"
        }
    }

    /// Takes every permission for group and others off the database and the files SQLite keeps
    /// beside it (a file made by an older Tally, a copy, or another tool may have them): only
    /// its owner may read habits. Called once the file is known to be ours; a file owned by
    /// someone else, which cannot be changed, is left as it is.
    private static func tightenPermissions(of path: String) {
        for file in [path] + companionSuffixes.map({ path + $0 }) {
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0
            else { continue }
            chmod(file, status.st_mode & 0o700)
        }
    }

    /// Creates an empty file with mode 0600 unless one exists. O_EXCL makes creation and the
    /// mode one step, so there is no moment at which others could open the file.
    private static func createFileIfMissing(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The umask may have taken bits away; make it exactly 0600 (never more).
            fchmod(descriptor, 0o600)
            close(descriptor)
        } else if errno != EEXIST {
            throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText())
        }
    }

    /// What ``checkHeader(_:)`` found: the file's identity, and whether its header puts it in
    /// WAL mode.
    struct Header {
        let identity: FileIdentity
        let usesWriteAheadLog: Bool
    }

    /// Throws unless `path` is a regular file that is empty (new) or starts with SQLite's
    /// 16-byte header. Read with a plain read-only descriptor, so a file that is not a database
    /// is never touched, opened without waiting (opening a FIFO would wait for a writer
    /// forever).
    static func checkHeader(_ path: String) throws -> Header {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText())
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HabitStoreError.cannotOpen(file: path, reason: "it is not a regular file")
        }
        let identity = FileIdentity(status)
        if status.st_size == 0 { return Header(identity: identity, usesWriteAheadLog: false) }
        let expected = Array("SQLite format 3\0".utf8)
        // Bytes 18 and 19 are the write and read versions: 2 in WAL mode, 1 with a rollback journal.
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= expected.count, Array(header[..<expected.count]) == expected else {
            throw HabitStoreError.notADatabase(file: path)
        }
        return Header(identity: identity, usesWriteAheadLog: count == 20 && (header[18] == 2 || header[19] == 2))
    }
}
