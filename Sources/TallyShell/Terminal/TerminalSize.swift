import Glibc

/// The size of the terminal on standard output, in character cells.
struct TerminalSize: Equatable {
    var rows: Int
    var columns: Int

    /// The size now, or 24 by 80 when the terminal does not say.
    static var current: TerminalSize {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
        }
        return TerminalSize(rows: 24, columns: 80)
    }
}
