import Glibc

/// Writes an export to a file for `habit export csv|json FILE`, never over a file that is not an
/// earlier Tally export unless forced, and never leaving half a file: the text goes to a new
/// file beside it (mode 0600: habits are private), is synced, and is renamed over FILE.
enum HabitExportFile {
    /// Why the file was not written.
    struct Failure: Error {
        var problem: String
    }

    /// Writes `text` to `path`; an existing `path` must be a regular file that starts as a Tally
    /// export does, unless `force`.
    static func write(_ text: String, to path: String, force: Bool) throws(Failure) {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(problem: "it exists and is not a regular file; nothing was written")
            }
            if !force {
                let start = (try? HabitImportFormat.readFile(path).prefix(64)).map { Array($0) } ?? []
                let isExport =
                    start.starts(with: Array((HabitExportFormat.csvHeader + "\n").utf8))
                    || start.starts(with: Array("{\n  \"habits\": [".utf8))
                guard isExport else {
                    throw Failure(
                        problem: "it exists and is not an earlier Tally export; nothing was written "
                            + "(add --force to replace it)")
                }
            }
        }
        let temporary = path + ".tally-export-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(problem: "cannot write it: " + String(cString: strerror(errno))) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw Failure(problem: "cannot write it: " + reason)
            }
            bytes = bytes.dropFirst(count)
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(problem: "cannot write it: " + reason)
        }
    }
}
