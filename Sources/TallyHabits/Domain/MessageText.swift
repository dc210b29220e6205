/// Text from a person or a file, cut to a bounded length before it goes into a message: a name
/// or a word may be megabytes long (a hand-edited row, a pasted line), and a message quoting it
/// whole would be as long.
public enum MessageText {
    /// The most characters of one quoted text a message shows: a whole valid name.
    public static let limit = 100

    /// `text` in single quotes, cut after ``limit`` characters with `…`.
    public static func quoted(_ text: some StringProtocol) -> String {
        "'" + bounded(text) + "'"
    }

    /// `text` cut after `limit` characters with `…`; unchanged when it is shorter.
    public static func bounded(_ text: some StringProtocol, limit: Int = MessageText.limit) -> String {
        // Counting UTF-8 first spares a walk through the characters of every short text.
        guard text.utf8.count > limit else { return String(text) }
        var end = text.startIndex
        var count = 0
        while end < text.endIndex && count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        return end == text.endIndex ? String(text) : String(text[..<end]) + "…"
    }
}
