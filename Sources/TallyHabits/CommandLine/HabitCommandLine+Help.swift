extension HabitCommandLine {
    /// The text of `help habit`, for a person: what each subcommand does, what NAME and DATE
    /// may be, and examples. Ends without a newline.
    public static let helpText = """
        habit: track daily habits and streaks

          habit add NAME [since DATE]   start tracking a habit (from today unless DATE is given)
          habit done NAME [DATE]        record that you did it (today unless DATE is given)
          habit undo NAME [DATE]        take back a day recorded by mistake
          habit list [all]              each habit's streak, last 7 days and total
                                        (all: archived habits too)
          habit show NAME               one habit in detail: longest streak, completion rate
                                        and a calendar of recent weeks
          habit archive NAME [DATE]     stop tracking but keep the history (DATE is the last day)
          habit restore NAME            track an archived habit again
          habit rename NAME NEWNAME     change the name; the history stays
          habit delete NAME [--yes]     remove a habit and its history for good; asks first,
                                        and needs --yes in files and pipes
          habit export csv|json         every habit and day done, for spreadsheets and scripts

        NAME is a word or a quoted string: Read, "Read 20 pages", '물 마시기'. Case does not
        matter (read and READ are the same habit); at most 100 characters.
        DATE is YYYY-MM-DD, today, yesterday or -N for N days ago (-1 is yesterday). A day
        cannot be in the future, before the habit started, or after it was archived.
        The current streak counts the days done in a row up to today; while today is not done
        yet, the streak up to yesterday still stands.

        Examples:
          habit add "Read 20 pages"
          habit add Walk since 2026-11-01
          habit done "read 20 pages"
          habit done Walk yesterday
          habit done Walk -3
          habit undo Walk 2026-11-20
          habit show Walk
          tally -e 'habit export csv' > habits.csv      (from a system shell)

        Habits are kept in $XDG_DATA_HOME/tally/habits.sqlite3 (~/.local/share/tally/ by
        default); --data-dir DIR or TALLY_DATA_DIR puts them elsewhere.
        """

    /// `name` as it must be typed in a `habit` line: bare when it is one plain word, otherwise
    /// in double quotes, or single quotes when it contains a double quote. Nil for a name that
    /// holds both kinds of quote and a space, which the grammar has no way to write.
    public static func quotedForInput(_ name: String) -> String? {
        let needsQuotes =
            name.isEmpty || name.contains(" ") || name.contains("\t") || name.first == "#"
            || name.first == "\"" || name.first == "'"
        guard needsQuotes else { return name }
        if !name.contains("\"") { return "\"" + name + "\"" }
        if !name.contains("'") { return "'" + name + "'" }
        return nil
    }
}
