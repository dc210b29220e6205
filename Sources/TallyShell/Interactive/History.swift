import Glibc
import TallyCore
import TallyDiagnostics

/// The interactive history file: which lines are kept, and how they reach the disk.
///
/// Each accepted line is appended the moment it is accepted, with `O_APPEND` under an
/// exclusive `flock`, so a killed session loses nothing and two sessions at once keep both
/// their lines. The file is only rewritten when it has grown past the limit, at start-up.
/// A file that cannot be read or written costs one warning; the session goes on.
public struct History {
    /// Entries kept when `TALLY_HISTSIZE` does not say otherwise.
    public static let defaultLimit = 1000

    /// The file, or nil for `--no-history` (lines are then recalled within the session only).
    public let path: String?
    /// The most entries kept, in memory and in the file.
    public let limit: Int
    /// Called once with a one-line warning when the file cannot be used.
    private let warn: (String) -> Void
    /// The last line recorded, so an immediate repeat is not recorded again.
    private var previous: String?
    /// Set after the first failure, so the person is warned once rather than at every line.
    private var fileFailed = false

    public init(path: String?, limit: Int = History.defaultLimit, warn: @escaping (String) -> Void) {
        self.path = path
        self.limit = max(0, limit)
        self.warn = warn
    }

    /// The history file for these options and environment: `--history-file`, else
    /// `$XDG_STATE_HOME/tally/history`, else `~/.local/state/tally/history`; nil for
    /// `--no-history` or when there is no home to put it in.
    public static func location(option: String?, noHistory: Bool, environment: [String: String]) -> String? {
        if noHistory { return nil }
        if let option { return option }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/tally/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/tally/history"
    }

    /// `TALLY_HISTSIZE` when it is a whole number, else the default.
    public static func limit(environment: [String: String]) -> Int {
        environment["TALLY_HISTSIZE"].flatMap { Int($0) }.map { max(0, $0) } ?? defaultLimit
    }

    /// The saved lines, oldest first, at most `limit` of them. Creates the parent folders and
    /// the file (mode 0600), and trims a file that has grown past the limit.
    public mutating func load() -> [String] {
        guard let path, limit > 0 else { return [] }
        if let failure = Self.createParentFolders(of: path) {
            fail("cannot create the folder for '\(path)': \(failure)")
            return []
        }
        // O_CREAT with 0600 creates the file private from its first moment (the umask can only
        // remove permissions); an existing file keeps the mode its owner gave it.
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is then refused below).
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        let writable = descriptor >= 0
        if !writable {
            fail("cannot write '\(path)': \(Self.reason())")
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard descriptor >= 0 else { return [] }
        }
        defer { close(descriptor) }
        guard Self.isRegularFile(descriptor) else {
            fail("cannot use '\(path)': it is not a regular file")
            return []
        }
        _ = flock(descriptor, writable ? LOCK_EX : LOCK_SH)
        guard let tail = HistoryTail(descriptor: descriptor, limit: limit, longestEntry: Self.longestEntryBytes)
        else {
            fail("cannot read '\(path)': \(Self.reason())")
            return []
        }
        let lines = tail.lines
        if tail.droppedCount > 0 {
            let count = tail.droppedCount == 1 ? "a line" : "\(tail.droppedCount) lines"
            warn(
                "tally: history: left out \(count) longer than \(Self.longestEntryBytes / 1024) KiB in '\(TerminalSafeText.escaped(path))'"
                    + (writable ? " (removed from the file)" : ""))
        }
        if tail.isTrimmed && writable { rewrite(path, with: lines) }
        previous = lines.last
        return lines
    }

    /// The longest line kept in the file, in bytes: a longer one is recalled in its session
    /// only, and one found in the file is left out (and trimmed away) with a warning, so that
    /// reading the history takes at most `limit` × this much memory, however large the file.
    public static let longestEntryBytes = 16 * 1024

    /// Whether `line` belongs in the history; if so it is appended to the file at once.
    ///
    /// Not recorded: blank lines, a line starting with a space (a way to keep one out, as in
    /// shells), and a line equal to the one before. A line holding control characters stays in
    /// this session's recall but not in the file, where a newline in it would split it.
    public mutating func record(_ line: String) -> Bool {
        guard limit > 0, line.utf8.count <= Session.maximumLineBytes, line.first != " ",
            line.contains(where: { !$0.isWhitespace }), line != previous
        else {
            return false
        }
        previous = line
        if let path, !fileFailed, line.utf8.count <= Self.longestEntryBytes,
            !line.unicodeScalars.contains(where: Self.isControl)
        {
            append(line, to: path)
        }
        return true
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t"
            && (scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}")
    }

    private mutating func append(_ line: String, to path: String) {
        let bytes = Array((line + "\n").utf8)
        // The file may be replaced by another session trimming it between our open and our
        // lock: write only once the locked file is the one at `path`.
        for _ in 0..<3 {
            let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
            guard descriptor >= 0 else { break }
            defer { close(descriptor) }
            guard Self.isRegularFile(descriptor) else {
                fail("cannot use '\(path)': it is not a regular file")
                return
            }
            _ = flock(descriptor, LOCK_EX)
            var opened = stat()
            var current = stat()
            guard fstat(descriptor, &opened) == 0 else { break }
            if stat(path, &current) != 0 || current.st_ino != opened.st_ino || current.st_dev != opened.st_dev {
                continue
            }
            // A line torn by a crash or a full disk before now must not swallow this one.
            let tail = opened.st_size > 0 ? Self.lastByte(of: descriptor, size: opened.st_size) : UInt8(ascii: "\n")
            if Self.writeAll((tail == UInt8(ascii: "\n") ? [] : [UInt8(ascii: "\n")]) + bytes, to: descriptor) {
                return
            }
            // Written in part (the disk filled up): cut the file back to whole lines.
            let failure = errno
            _ = ftruncate(descriptor, opened.st_size)
            errno = failure
            break
        }
        fail("cannot write '\(path)': \(Self.reason())")
    }

    /// Replaces the file with `lines` through a private temporary file and a rename, so a
    /// crash half-way leaves the old file whole.
    private mutating func rewrite(_ path: String, with lines: [String]) {
        // mkstemp creates a new file (O_EXCL, mode 0600) under a name nobody could have planted
        // a link at.
        var template = Array((path + ".tmp.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            fail("cannot trim '\(path)': \(Self.reason())")
            return
        }
        let text = lines.map { $0 + "\n" }.joined()
        let written = Self.writeAll(Array(text.utf8), to: descriptor)
        close(descriptor)
        if !written || rename(temporary, path) != 0 {
            fail("cannot trim '\(path)': \(Self.reason())")
            unlink(temporary)
        }
    }

    private mutating func fail(_ message: String) {
        if fileFailed { return }
        fileFailed = true
        // The message quotes a path from the environment, which may hold escape codes.
        warn("tally: history: \(TerminalSafeText.escaped(message)); history is kept for this session only")
    }

    /// Creates each missing folder above `path` (mode 0700); the failure's reason, or nil.
    private static func createParentFolders(of path: String) -> String? {
        var folder = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            folder += (index == 0 ? "" : "/") + part
            if folder.isEmpty || part.isEmpty { continue }
            if mkdir(folder, 0o700) != 0 && errno != EEXIST { return reason() }
        }
        return nil
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The file's last byte, or nil when it cannot be read.
    private static func lastByte(of descriptor: Int32, size: off_t) -> UInt8? {
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, size - 1) == 1 ? byte : nil
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + start, $0.count - start) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            start += written
        }
        return true
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
