import CReadline
import Glibc
import Synchronization
import TallyCore
import TallyDiagnostics

/// Ctrl-C, window-size changes, Ctrl-Z at the prompt and coming back from it, and SIGTERM or
/// SIGHUP during the interactive session.
///
/// The handlers only store flags (the one thing a signal handler may safely do): Ctrl-C asks
/// the evaluator to stop through the session's ``Interruption`` and tells the line reader to
/// drop the line;
/// the line reader acts on both flags outside the handler. They are installed without
/// `SA_RESTART`, so a blocking `write` or `ppoll` returns at once and the flag is seen.
enum TerminalSignals {
    /// Set by Ctrl-C; the line reader takes it to discard the line being typed.
    static let interruptPending = Atomic<Bool>(false)
    /// Set when the terminal was resized; the line reader tells readline.
    static let windowChanged = Atomic<Bool>(false)
    /// Set when the session comes back from Ctrl-Z (`fg`): the shell has put the terminal back
    /// into line mode, so the line reader sets it up again and redraws the line.
    static let resumed = Atomic<Bool>(false)
    /// Set by Ctrl-Z while a line is being typed (``catchSuspension(_:)``): the line reader
    /// takes away what it drew beside the line and hands the terminal back before it stops.
    static let suspensionRequested = Atomic<Bool>(false)

    /// SIGTERM or SIGHUP, once received: the session restores the terminal, then ends by the
    /// same signal (``endIfTerminated()``).
    static let terminatingSignal = Atomic<Int32>(0)

    /// The session's Ctrl-C flag, for the handlers: the one pointer they need, as a signal
    /// handler cannot be handed anything. Sound without a lock: written once, before any
    /// handler is installed, and never again; the flag is retained here for the rest of the
    /// process, so the handlers' unretained use of it never meets a freed object; and
    /// ``Interruption/request()`` does only lock-free atomic operations.
    nonisolated(unsafe) private static var interruption: Unmanaged<Interruption>?

    /// Asks the session's work to stop, from a handler.
    private static func requestInterruption() {
        interruption?._withUnsafeGuaranteedRef { $0.request() }
    }

    /// Installs the handlers for the rest of the process; Ctrl-C, SIGTERM and SIGHUP request
    /// `interruption`.
    static func install(interruption: Interruption) {
        Self.interruption = Unmanaged.passRetained(interruption)
        // Touch the flags first: a handler must never be the one that initialises them.
        interruptPending.store(false, ordering: .relaxed)
        windowChanged.store(false, ordering: .relaxed)
        resumed.store(false, ordering: .relaxed)
        suspensionRequested.store(false, ordering: .relaxed)
        interruption.clear()
        terminatingSignal.store(0, ordering: .relaxed)
        mainThread = pthread_self()
        suspensionIgnored = tally_signal_is_ignored(SIGTSTP) != 0
        handle(SIGINT) { received in
            TerminalSignals.requestInterruption()
            TerminalSignals.interruptPending.store(true, ordering: .relaxed)
            TerminalSignals.wakeMainThread(received)
        }
        handle(SIGWINCH) { received in
            TerminalSignals.windowChanged.store(true, ordering: .relaxed)
            TerminalSignals.wakeMainThread(received)
        }
        handle(SIGCONT) { received in
            TerminalSignals.resumed.store(true, ordering: .relaxed)
            TerminalSignals.wakeMainThread(received)
        }
        for signal in [SIGTERM, SIGHUP] {
            handle(signal) { received in
                TerminalSignals.terminatingSignal.store(received, ordering: .relaxed)
                TerminalSignals.requestInterruption()
                TerminalSignals.wakeMainThread(received)
            }
        }
    }

    /// Whether Ctrl-Z is caught (while a line is typed: the line reader cleans the screen and
    /// stops the process itself, ``suspend()``) or takes its default action (while a line is
    /// evaluated, so that a long computation can still be suspended).
    static func catchSuspension(_ caught: Bool) {
        guard !suspensionIgnored else { return }
        if caught {
            handle(SIGTSTP) { received in
                TerminalSignals.suspensionRequested.store(true, ordering: .relaxed)
                TerminalSignals.wakeMainThread(received)
            }
        } else {
            signal(SIGTSTP, SIG_DFL)
        }
    }

    /// Stops the process as Ctrl-Z does, and returns once it is continued (`fg`). Called with
    /// SIGTSTP blocked and the terminal handed back; the handler is back in place after it.
    /// A process group that no shell controls (an orphan) is not stopped by the kernel: then
    /// this returns at once.
    static func suspend() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        signal(SIGTSTP, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        catchSuspension(true)
        // The SIGCONT that continued the process asks for the redraw that the caller does now.
        var continued = sigset_t()
        sigemptyset(&continued)
        sigaddset(&continued, SIGCONT)
        var waiting = sigset_t()
        sigpending(&waiting)
        if sigismember(&waiting, SIGCONT) == 1 {
            var noWait = timespec()
            sigtimedwait(&continued, nil, &noWait)
        }
        resumed.store(false, ordering: .relaxed)
    }

    /// Whether Ctrl-Z was ignored when the session started (a shell without job control): it
    /// stays ignored. Written once, before any handler is installed.
    nonisolated(unsafe) private static var suspensionIgnored = false

    /// The thread that waits for keys. Written once, before any handler is installed.
    nonisolated(unsafe) private static var mainThread = pthread_t()

    /// A signal may be delivered to any thread that does not block it — a worker still
    /// finishing an abandoned line, say — while the main thread sleeps waiting for a key with
    /// the signal blocked except during the wait. Sending it on to the main thread wakes that
    /// wait (`pthread_kill` is async-signal-safe); the handler then runs again there, which
    /// only sets the same flags.
    static func wakeMainThread(_ signal: Int32) {
        if pthread_equal(pthread_self(), mainThread) == 0 { pthread_kill(mainThread, signal) }
    }

    /// When SIGTERM or SIGHUP has arrived, ends the process by that signal, with its default
    /// action, so the parent sees the conventional status. The caller has put the terminal back
    /// as it found it.
    static func endIfTerminated() {
        let received = terminatingSignal.load(ordering: .relaxed)
        guard received != 0 else { return }
        fflush(nil)
        signal(received, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, received)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(received)
        _exit(128 + received)
    }

    /// The signals the line reader blocks except while it waits for a key, so that none can
    /// arrive between checking the flags and going to sleep.
    static var watched: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGWINCH)
        sigaddset(&set, SIGCONT)
        sigaddset(&set, SIGTSTP)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        return set
    }

    private static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }
}
