import Glibc

/// Shows long text through the user's pager, as git and man do: `$PAGER`, else `less -FRX`
/// (which exits at once when the text fits, keeps colours and leaves the text on the screen).
/// An empty `PAGER`, or a pager that cannot be started, means plain output.
enum Pager {
    /// The command run through `/bin/sh -c`, or nil for none.
    static func command(environment: [String: String]) -> String? {
        if let pager = environment["PAGER"] {
            return pager.contains(where: { !$0.isWhitespace }) ? pager : nil
        }
        return "less -FRX"
    }

    /// Writes `text` (and a final newline) through `command`. False when no pager ran, so the
    /// caller prints the text itself.
    static func show(_ text: String, command: String) -> Bool {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return false }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        // The pager must see Ctrl-C as a shell's child does: default signal handling.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var processID: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let status = posix_spawn(&processID, "/bin/sh", &actions, &attributes, &argv, environ)
        close(readEnd)
        guard status == 0 else {
            close(writeEnd)
            return false
        }
        // A pager that quits early (q) closes the pipe: that is a choice, not an error.
        let previous = signal(SIGPIPE, SIG_IGN)
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + start, $0.count - start) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            start += written
        }
        close(writeEnd)
        var waitStatus: Int32 = 0
        while waitpid(processID, &waitStatus, 0) < 0 && errno == EINTR {}
        signal(SIGPIPE, previous)
        // 127: the shell found no such command; the text has not been shown.
        let exited = waitStatus & 0x7F == 0
        return !(exited && (waitStatus >> 8) & 0xFF == 127)
    }
}
