import Glibc

/// A file as the kernel knows it: a path can come to name another one (`mv` over it), the
/// identity of an open file cannot change.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The file `path` names now (following symbolic links, as opening does); nil when there is
    /// none or it cannot be looked up.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}

extension SQLiteHabitStore {
    /// The files SQLite may put beside the database: the rollback journal of a write under way,
    /// and the log and shared memory of a file still in WAL mode (made by an older Tally).
    static let companionSuffixes = ["-journal", "-wal", "-shm"]

    /// The folder part of `path` (`.` for a bare file name), where SQLite creates its journal.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` still names the file the connection opened.
    func pathNamesOpenFile() -> Bool {
        guard let identity else { return true }
        return FileIdentity(path: path) == identity
    }

    /// Throws ``HabitStoreError/replaced(file:)`` unless `path` still names the open file.
    func checkPathNamesOpenFile() throws {
        guard pathNamesOpenFile() else { throw HabitStoreError.replaced(file: path) }
    }

    /// Throws ``HabitStoreError/readOnly(file:reason:)`` when a write could not be made, before
    /// one is started, and when a file planted beside the database (a FIFO where the journal goes)
    /// would make SQLite wait forever.
    func checkCanWrite() throws {
        if let reason = readOnlyReason ?? whyNotWritable() {
            throw HabitStoreError.readOnly(file: path, reason: reason)
        }
        try checkCompanionFiles()
    }

    /// Why the folder or the file cannot be written, or nil when both can (as far as `access`
    /// tells: the user may write there, and the file system is not mounted read-only).
    func whyNotWritable() -> String? {
        if access(directory, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
            return "the folder \(directory) is read-only"
        }
        if access(path, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
            return "the file is read-only"
        }
        return nil
    }

    /// Throws unless every file SQLite may open beside the database is missing or a regular
    /// file: SQLite opens them without looking, and a FIFO would block it forever.
    func checkCompanionFiles() throws {
        for suffix in SQLiteHabitStore.companionSuffixes {
            var status = stat()
            guard lstat(path + suffix, &status) == 0 else { continue }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw HabitStoreError.cannotOpen(file: path, reason: "\(path + suffix) is not a regular file")
            }
        }
    }
}
