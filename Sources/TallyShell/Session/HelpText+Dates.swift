extension HelpText {
    static let dates = """
        Dates and times (ISO 8601, written without spaces inside):
          2026-12-25                 a date; 2026 - 12 - 25 with spaces is subtraction
          14:30   14:30:15           a time of day
          2026-12-25T14:30           a date-time in the local zone (TZ); also 2026-12-25 14:30
          2026-12-25T14:30+01:00     with an offset;  ...T14:30Z  in UTC
          2026-12-25 09:00 Europe/Paris    in a zone of the tz database; shown as
                                     2026-12-25T09:00:00+01:00 Europe/Paris, which reads back
          today  yesterday  tomorrow  now   (TALLY_TODAY and TALLY_NOW pin them)
          date(2026, 12, 25)
        Arithmetic:
          2026-12-25 - today         days between: 26 day;  ... to weeks, to h
          today + 90 days            2027-02-27;  also weeks, months, years
          2026-01-31 + 1 month       2026-02-28: a month keeps the day or ends the month
          now + 3 h                  elapsed time (h, min, s); days keep the wall clock
          2026-12-25 > today         comparisons
        Functions and conversions:
          weekday(d)  week(d)  dayofyear(d)    ISO weekday 1-7, ISO week, day of year
          age(1990-05-17)            years, months and days until today
          unix(1767225600)           2026-01-01T00:00:00Z;   d to unix   the inverse
          d to weekday               Friday
          now to UTC   now to Asia/Seoul   ... to local
          90000 s to days h min      1 day 1 h 0 min
        Where the clock jumps forward (a DST gap) a time is read with the offset before the
        jump (02:30 becomes 03:30); where it goes back, the earlier of the two is meant.
        """
}
