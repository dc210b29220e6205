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
    convenience init(directory: String, schemaVersion: Int) throws {
        try SQLiteHabitStore.createDirectory(directory)
        let path = SQLiteHabitStore.path(in: directory)
        try SQLiteHabitStore.createFileIfMissing(path)
        try SQLiteHabitStore.checkHeader(path)
        // No SQLITE_OPEN_CREATE: the file exists (made above with the right mode); if it has
        // vanished since, failing is better than SQLite creating one with the umask's mode.
        try self.init(openingFileAt: path, flags: SQLITE_OPEN_READWRITE)
        try prepareSchema(upTo: schemaVersion)
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
        try SQLiteHabitStore.checkHeader(path)
        // A read-only connection to a file in WAL mode creates the log and its shared memory
        // when they are missing. They are missing only when no session has the file open, and
        // then every change is in the file itself, which can be read as immutable, touching
        // nothing. (Should a session open the file and write during that read, the read may
        // fail or miss the change: completion then offers fewer names, nothing worse.)
        let sessionIsOpen = access(path + "-wal", F_OK) == 0 && access(path + "-shm", F_OK) == 0
        try self.init(openingFileAt: path, flags: SQLITE_OPEN_READONLY, immutable: !sessionIsOpen)
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

    /// Takes every permission for group and others off the database and its write-ahead log
    /// and shared memory (a file made by an older Tally, a copy, or another tool may have them):
    /// only its owner may read habits. Called once the file is known to be ours; a file owned by
    /// someone else, which cannot be changed, is left as it is.
    private static func tightenPermissions(of path: String) {
        for file in [path, path + "-wal", path + "-shm"] {
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

    /// Throws unless the file is empty (new) or starts with SQLite's 16-byte header. Read with a
    /// plain read-only descriptor, so a file that is not a database is never touched.
    static func checkHeader(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HabitStoreError.cannotOpen(file: path, reason: lastErrorText())
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HabitStoreError.cannotOpen(file: path, reason: "it is not a regular file")
        }
        if status.st_size == 0 { return }
        let expected = Array("SQLite format 3\0".utf8)
        var header = [UInt8](repeating: 0, count: expected.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, expected.count) }
        guard count == expected.count, header == expected else {
            throw HabitStoreError.notADatabase(file: path)
        }
    }
}
