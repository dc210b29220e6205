import Glibc
import Synchronization
import TallyCore

/// Ctrl-C, window-size changes and coming back from Ctrl-Z during the interactive session.
///
/// The handlers only store flags (the one thing a signal handler may safely do): Ctrl-C asks
/// the evaluator to stop through ``Interruption`` and tells the line reader to drop the line;
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

    /// Installs the handlers for the rest of the process.
    static func install() {
        // Touch the flags first: a handler must never be the one that initialises them.
        interruptPending.store(false, ordering: .relaxed)
        windowChanged.store(false, ordering: .relaxed)
        resumed.store(false, ordering: .relaxed)
        Interruption.clear()
        handle(SIGINT) { _ in
            Interruption.request()
            TerminalSignals.interruptPending.store(true, ordering: .relaxed)
        }
        handle(SIGWINCH) { _ in
            TerminalSignals.windowChanged.store(true, ordering: .relaxed)
        }
        handle(SIGCONT) { _ in
            TerminalSignals.resumed.store(true, ordering: .relaxed)
        }
    }

    /// The signals the line reader blocks except while it waits for a key, so that none can
    /// arrive between checking the flags and going to sleep.
    static var watched: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGWINCH)
        sigaddset(&set, SIGCONT)
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
