import Glibc

/// A copy of a database and the log or journal beside it, in a folder of its own (mode 0700 in
/// `$TMPDIR` or `/tmp`), so that SQLite can read the pair as it stands without a byte of the
/// originals changing. Removed with ``remove()``.
struct PrivateCopy {
    /// The copied database's path.
    let path: String
    /// The folder holding it.
    private let folder: String

    /// Writes `bytes` (the database as read from `original`) and each companion (`-wal`,
    /// `-journal`) under one new folder.
    init(of original: String, bytes: [UInt8], companions: [(suffix: String, bytes: [UInt8])]) throws(HabitImportError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/tally-import-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw HabitImportError(
                file: original,
                problem: "it has a log or journal beside it, and no private folder could be made in \(base) to read "
                    + "the pair: " + String(cString: strerror(errno)))
        }
        folder = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        path = folder + "/backup.db"
        for (suffix, content) in [("", bytes)] + companions {
            do throws(HabitImportError) {
                try Self.write(content, to: path + suffix, naming: original + suffix)
            } catch {
                remove()
                throw error
            }
        }
    }

    /// Removes the copies, whatever SQLite left beside them, and the folder.
    func remove() {
        for suffix in ["", "-wal", "-journal", "-shm"] { unlink(path + suffix) }
        rmdir(folder)
    }

    private static func write(_ bytes: [UInt8], to path: String, naming original: String) throws(HabitImportError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HabitImportError(
                file: original, problem: "cannot copy it to read it: " + String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw HabitImportError(
                    file: original, problem: "cannot copy it to read it: " + String(cString: strerror(errno)))
            }
            offset += count
        }
    }
}
