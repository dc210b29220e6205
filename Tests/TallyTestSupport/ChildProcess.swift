import Foundation
import Glibc

/// How the runners start the built `tally`: with `posix_spawn`, so that the child's exit
/// status, the signal that ended it and its peak memory can be read with `wait4` (Foundation's
/// `Process` does not report resource use), and so that it can start on a pseudo-terminal as
/// the leader of a session of its own.
enum ChildProcess {
    /// Starts `tally arguments` with exactly `environment`, its descriptors set up by `actions`.
    /// The test runner's threads block signals; the child starts with none blocked and every
    /// signal at its default disposition, so a crash shows up as the signal it is and Ctrl-C on
    /// a terminal reaches it. With `newSession` it leads a session of its own, so the first
    /// terminal it opens becomes its controlling terminal.
    static func spawnTally(
        arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t,
        newSession: Bool = false
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // glibc's POSIX_SPAWN_SETSID is not imported.
        let setSession: Int32 = 0x80
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSession : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let path = TallyUnderTest.executable.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var processID = pid_t()
        let spawned = posix_spawn(&processID, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return processID
    }

    /// Makes the child start in `directory`. glibc has had the call since 2.29, but its header
    /// declares it only for `_GNU_SOURCE`, so Swift does not import it: it is looked up by name.
    static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) throws {
        typealias AddChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
        else { throw POSIXError(.ENOSYS) }
        let added = unsafeBitCast(symbol, to: AddChangeDirectory.self)(&actions, directory)
        guard added == 0 else { throw POSIXError(POSIXErrorCode(rawValue: added) ?? .EIO) }
    }

    /// Kills a child that is still running and waits for it, so that it leaves no zombie.
    static func killAndWait(_ processID: pid_t) {
        kill(processID, SIGKILL)
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
    }

    /// A `wait4` status as the W* macros (not imported) decode it: the exit status, or the
    /// signal that ended the process.
    static func decode(waitStatus: Int32) -> (status: Int32?, signal: Int32?) {
        let signal = waitStatus & 0x7F
        return signal == 0 ? ((waitStatus >> 8) & 0xFF, nil) : (nil, signal)
    }
}
