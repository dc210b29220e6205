import Foundation
import Glibc

/// The built `tally` running on a pseudo-terminal, driven the way a person drives it: keys in,
/// screen text out. Works with no controlling terminal and standard input from /dev/null, as
/// CI runs the tests.
///
/// The child starts in a new session (`POSIX_SPAWN_SETSID`) and opens the terminal by path, so
/// the terminal becomes its controlling terminal and Ctrl-C raises SIGINT in it. Every wait has
/// a deadline: a broken session fails the test with what was on the screen, never hangs.
public final class PseudoTerminal {
    /// A wait that ran out of time, with the end of what the session wrote.
    public struct Timeout: Error, CustomStringConvertible {
        /// What the test was waiting for.
        public let waitingFor: String
        /// Everything the session wrote.
        public let transcript: String
        public var description: String {
            "timed out waiting for \(waitingFor.debugDescription); the terminal showed:\n\(transcript.suffix(3000))"
        }
    }

    /// Up-arrow as a terminal sends it.
    public static let upArrow = "\u{1B}[A"
    /// Ctrl-C as a key.
    public static let controlC = "\u{03}"
    /// Ctrl-D as a key.
    public static let controlD = "\u{04}"

    /// The session's process ID.
    public let processID: pid_t
    private let controller: Int32
    /// What the session wrote, without the `\r` the terminal adds before each `\n`.
    private var screen: [UInt8] = []
    /// What the session wrote, every byte.
    public private(set) var rawOutput: [UInt8] = []
    /// How far `expect` has read: each expectation looks only after the previous one.
    private var consumed = 0
    private var exitStatus: Int32?

    /// Everything the session wrote so far.
    public var transcript: String { String(decoding: screen, as: UTF8.self) }

    /// Starts `tally` with `arguments`. The environment holds only `environment`, plus
    /// `TERM=dumb` (no bracketed-paste escapes), `INPUTRC=/dev/null` (no personal key bindings),
    /// `NO_COLOR` and a UTF-8 locale, unless `environment` says otherwise.
    /// The terminal is `columns` wide and `rows` tall.
    public init(arguments: [String] = [], environment: [String: String], columns: Int = 100, rows: Int = 24) throws {
        var controllerSide: Int32 = -1
        var terminalSide: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controllerSide, &terminalSide, nil, nil, &size) == 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        // Tests run in parallel: no other child may inherit these descriptors (an inherited
        // terminal side would keep the terminal open after the session ends).
        _ = fcntl(controllerSide, F_SETFD, FD_CLOEXEC)
        _ = fcntl(terminalSide, F_SETFD, FD_CLOEXEC)
        controller = controllerSide
        // `ttyname_r`, not `ttyname`: the latter's one static buffer is shared by the tests
        // that start terminals in parallel, and a path overwritten half-way (`/dev/pts/`, a
        // directory) failed a test now and then with EISDIR.
        var name = [CChar](repeating: 0, count: 256)
        let status = ttyname_r(terminalSide, &name, name.count)
        guard status == 0 else {
            close(controller)
            close(terminalSide)
            throw POSIXError(.init(rawValue: status) ?? .EIO)
        }
        let terminalPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The child opens the terminal by path so that it becomes its controlling terminal.
        defer { close(terminalSide) }
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var variables = ["TERM": "dumb", "INPUTRC": "/dev/null", "LANG": "C.UTF-8", "NO_COLOR": "1"]
        variables.merge(environment) { $1 }
        do {
            processID = try ChildProcess.spawnTally(
                arguments: arguments, environment: variables, actions: &actions, newSession: true)
        } catch {
            close(controller)
            throw error
        }
    }

    deinit {
        if exitStatus == nil { ChildProcess.killAndWait(processID) }
        close(controller)
    }

    /// What the session wrote after everything earlier expectations matched.
    public var unread: String { String(decoding: screen[consumed...], as: UTF8.self) }

    /// Sends keys.
    public func type(_ keys: String) {
        var remaining = Array(keys.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
            if written > 0 {
                remaining = remaining.dropFirst(written)
            } else if errno != EINTR && errno != EAGAIN {
                return
            }
        }
    }

    /// Resizes the terminal as a window manager does: the new size, then SIGWINCH to the
    /// session.
    public func resize(columns: Int, rows: Int = 24) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
        kill(processID, SIGWINCH)
    }

    /// Waits until `text` appears after what earlier expectations matched, and moves past it.
    /// Returns what came between.
    @discardableResult
    public func expect(_ text: String, timeout: Double = 30) throws -> String {
        let wanted = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        var searchFrom = consumed
        while true {
            if let start = Self.firstIndex(of: wanted, in: screen, from: searchFrom) {
                let before = String(decoding: screen[consumed..<start], as: UTF8.self)
                consumed = start + wanted.count
                return before
            }
            searchFrom = max(consumed, screen.count - wanted.count + 1)
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { throw Timeout(waitingFor: text, transcript: transcript) }
            _ = readMore(waitingUpTo: remaining)
        }
    }

    /// Waits for the session to end; its exit status (128 + signal when killed).
    public func waitForExit(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var status: Int32 = 0
            if waitpid(processID, &status, WNOHANG) == processID {
                let ending = ChildProcess.decode(waitStatus: status)
                let code = ending.status ?? 128 + ending.signal!
                exitStatus = code
                return code
            }
            if deadline.timeIntervalSinceNow <= 0 { throw Timeout(waitingFor: "exit", transcript: transcript) }
            _ = readMore(waitingUpTo: 0.05)
        }
    }

    /// Whether the terminal is in the mode a shell expects: echoing keys, and reading whole
    /// lines. A session that ends must leave it so, however it ends.
    public var isInLineModeWithEcho: Bool {
        var modes = termios()
        guard tcgetattr(controller, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Lets the session run for `seconds` without reading what it writes, so a long print
    /// fills the terminal's buffer and blocks in `write`.
    public func pauseReading(for seconds: Double) {
        usleep(UInt32(seconds * 1_000_000))
    }

    /// Reads what the session writes for `seconds`, and returns what came after what earlier
    /// expectations matched (without moving past it).
    public func collect(for seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 { _ = readMore(waitingUpTo: deadline.timeIntervalSinceNow) }
        return String(decoding: screen[consumed...], as: UTF8.self)
    }

    /// Reads what is there, waiting up to `seconds` for something; false when nothing came.
    private func readMore(waitingUpTo seconds: Double) -> Bool {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(1, min(seconds, 0.2) * 1000)))
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        guard count > 0 else {
            // EIO once the session has closed the terminal: don't spin on it.
            usleep(20_000)
            return false
        }
        screen += chunk[..<count].lazy.filter { $0 != UInt8(ascii: "\r") }
        rawOutput += chunk[..<count]
        return true
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
        }
        return nil
    }
}
