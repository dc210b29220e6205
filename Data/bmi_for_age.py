#!/usr/bin/env python3
"""The BMI-for-age tables: from their published copies to the data files, and from the data
files to the Swift source that Tally compiles.

    bmi_for_age.py extract [DATA_TABLES]   # rewrite the three CSV files, then the Swift tables
    bmi_for_age.py generate                # rewrite the Swift tables from the CSV files
    bmi_for_age.py check                   # exit 1 when a Swift table differs from its CSV

The three tables, each a CSV file here with its source and citation in its header:

- who-2006-bmi-for-age.csv: the WHO Child Growth Standards (2006), BMI-for-age by day of age
  from 731 to 1856 days (2 to 5 years), the granularity WHO publishes (its expanded tables);
- who-2007-bmi-for-age.csv: the WHO growth reference for 5-19 years (2007), by month of age
  from 61 to 228 months;
- cdc-2000-bmi-for-age.csv: the CDC 2000 growth charts, BMI-for-age 2-20 years, at the ages
  the CDC publishes (24 months, then each half month from 24.5 to 240.5), with the sigma of
  the CDC's 2022 extended BMI-for-age charts.

`extract` reads the JSON copies of these tables that the PyPI package rcpchgrowth 4.6.5
carries (rcpchgrowth/data_tables: who/who_children.json, who/who_2007_children.json,
cdc2-20.json). Without DATA_TABLES it installs that package with pip (only its data: no
dependencies) when it is missing. `generate` and `check` need only the standard library; Tally
reads no file at run time.
"""

import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REFERENCE = os.path.join(ROOT, "Sources", "TallyHealth", "Reference")
PACKAGE = "rcpchgrowth==4.6.5"

COMMON_COLUMNS = "L (Box-Cox power), M (median BMI, kg/m2), S (coefficient of variation)"
REGENERATE = "Regenerate the Swift table with: python3 Data/bmi_for_age.py generate"

WHO_2006_HEADER = """\
# WHO Child Growth Standards (2006): BMI-for-age, L, M and S by day of age, 731 to 1856 days.
# Source: World Health Organization, "Child growth standards: Body mass index-for-age (BMI)",
#   https://www.who.int/tools/child-growth-standards/standards/body-mass-index-for-age-bmi
#   (expanded tables by day, bfa-boys-zscore-expanded-tables and bfa-girls-zscore-expanded-
#   tables); WHO Multicentre Growth Reference Study Group, "WHO Child Growth Standards:
#   Length/height-for-age, weight-for-age, weight-for-length, weight-for-height and body mass
#   index-for-age: Methods and development", Geneva: WHO, 2006.
# Copied 2026-12-01 from the copy of those tables in the PyPI package rcpchgrowth 4.6.5
#   (rcpchgrowth/data_tables/who/who_children.json, days 731 to 1856: 2 years to 5 years
#   1 month, from standing height; the days before 731 belong to the table from recumbent length).
# Columns: sex (m or f), age in days, %s.
#   %s
""" % (COMMON_COLUMNS, REGENERATE)

WHO_2007_HEADER = """\
# WHO Growth Reference 5-19 years (2007): BMI-for-age, L, M and S by month of age.
# Source: World Health Organization, "Growth reference data for 5-19 years",
#   https://www.who.int/tools/growth-reference-data-for-5to19-years/indicators/bmi-for-age
#   (tables bmi-boys-z-who-2007-exp and bmi-girls-z-who-2007-exp; de Onis M et al.,
#   Bull World Health Organ 2007;85:660-667).
# Copied 2026-11-30 from the copy of those tables in the PyPI package rcpchgrowth 4.6.5
#   (rcpchgrowth/data_tables/who/who_2007_children.json), months 61 to 228.
# Columns: sex (m or f), age in completed months, L (Box-Cox power), M (median BMI, kg/m2),
#   S (coefficient of variation). Regenerate the Swift table with: python3 Data/bmi_for_age.py generate
"""

CDC_2000_HEADER = """\
# CDC 2000 growth charts: BMI-for-age, 2 to 20 years, L, M and S by age in months, with the
#   sigma of the CDC's extended BMI-for-age charts (2022).
# Source: Centers for Disease Control and Prevention, National Center for Health Statistics,
#   "Data table of BMI-for-age charts" (bmiagerev), https://www.cdc.gov/growthcharts/cdc-data-files.htm;
#   Kuczmarski RJ et al., "2000 CDC Growth Charts for the United States: Methods and
#   Development", Vital Health Stat 11(246), 2002. Sigma: Wei R, Ogden CL, Parsons VL, Freedman
#   DS, Hales CM, "A method for calculating BMI z-scores and percentiles above the 95th
#   percentile of the CDC growth charts", Ann Hum Biol 47(6):514-521, 2020, and Hales CM et
#   al., "Evaluation of alternative body mass index (BMI) metrics to monitor weight status in
#   children and adolescents with extremely high BMI using CDC BMI-for-age growth charts",
#   Vital Health Stat 1(197), 2022 (sigma = 0.3728 + 0.5196 a - 0.0091 a^2 for boys,
#   0.8334 + 0.3712 a - 0.0011 a^2 for girls, a the age in years).
# Copied 2026-12-01 from the copy of those tables in the PyPI package rcpchgrowth 4.6.5
#   (rcpchgrowth/data_tables/cdc2-20.json), every row of BMI: 24 months, then each half month
#   from 24.5 to 240.5 (and 240). The CDC's value at M.5 months stands for the completed months
#   M to M + 1, so Tally reads a child of M completed months at the row M + 0.5.
# Columns: sex (m or f), age in months, %s,
#   sigma (the spread above the 95th percentile, kg/m2). %s
""" % (COMMON_COLUMNS, REGENERATE)


class Table:
    """One CSV file and the Swift table generated from it."""

    def __init__(self, csv, swift, type_name, age_column, header):
        self.csv = os.path.join(HERE, csv)
        self.swift = os.path.join(REFERENCE, swift)
        self.type_name = type_name
        self.age_column = age_column
        self.header = header

    def rows(self):
        """The CSV rows as lists of strings, the numbers kept as written."""
        result = []
        for line in open(self.csv):
            if line.startswith("#") or line.startswith("sex,") or not line.strip():
                continue
            result.append(line.strip().split(","))
        return result

    def write_csv(self, rows, columns):
        with open(self.csv, "w") as file:
            file.write(self.header + ",".join(columns) + "\n" + "".join(",".join(row) + "\n" for row in rows))

    def swift_source(self, entry, selected, expected_ages, comment):
        """The generated Swift file, {path: source}: for each sex an array of `entry(row)`, one
        per row whose age `selected` accepts, which must be exactly `expected_ages`. One file
        a table, however long: generated data files are exempt from the 500-line rule."""
        table = self.rows()

        def opening():
            return [
                "// Generated by Data/bmi_for_age.py from Data/%s; do not edit.\n" % os.path.basename(self.csv),
                "// A test (generatedTableMatchesTheDataFile) fails when the two differ.\n",
                "\n",
                "extension %s {\n" % self.type_name,
            ]

        def array(name, rows, doc):
            lines = ["    /// %s\n" % doc, "    static let %s: [%s] = [\n" % (name, entry.type_name)]
            lines += ["        %s,  // %s\n" % (entry(row), row[1]) for row in rows]
            return lines + ["    ]\n"]

        out = opening()
        sources = {}
        for sex, name in (("m", "boys"), ("f", "girls")):
            chosen = [row for row in table if row[0] == sex and selected(row[1])]
            if [row[1] for row in chosen] != expected_ages:
                raise SystemExit("%s: the ages of %s are not the expected ones" % (self.csv, name))
            doc = "%s for %s, %s." % (entry.__doc__, name, comment)
            out += array(name, chosen, doc)
        out.append("}\n")
        sources[self.swift] = "".join(out)
        return sources


WHO_2006 = Table(
    "who-2006-bmi-for-age.csv", "UnderFiveBMITable+Data.swift", "UnderFiveBMITable", "day", WHO_2006_HEADER)
WHO_2007 = Table(
    "who-2007-bmi-for-age.csv", "BMIForAgeTable+Data.swift", "BMIForAgeTable", "month", WHO_2007_HEADER)
CDC_2000 = Table(
    "cdc-2000-bmi-for-age.csv", "CDCBMITable+Data.swift", "CDCBMITable", "month", CDC_2000_HEADER)


def lms_entry(row):
    """L, M and S"""
    return "LMS(l: %s, m: %s, s: %s)" % (row[2], row[3], row[4])


lms_entry.type_name = "LMS"


def cdc_entry(row):
    """L, M, S and sigma"""
    return "Entry(lms: LMS(l: %s, m: %s, s: %s), sigma: %s)" % (row[2], row[3], row[4], row[5])


cdc_entry.type_name = "Entry"


def swift_sources():
    """{path: source} of the generated Swift files."""
    sources = {}
    sources.update(WHO_2006.swift_source(
        lms_entry, lambda age: True, [str(day) for day in range(731, 1857)],
        "one entry a day from 731 to 1856 days"))
    sources.update(WHO_2007.swift_source(
        lms_entry, lambda age: True, [str(month) for month in range(61, 229)],
        "one entry a month from 61 to 228 months"))
    sources.update(CDC_2000.swift_source(
        cdc_entry, lambda age: age.endswith(".5") and float(age) < 240, ["%d.5" % month for month in range(24, 240)],
        "the rows at M.5 months for M = 24 to 239 completed months"))
    return sources


# MARK: Extracting from the package


def data_tables():
    """The folder of rcpchgrowth's JSON tables, installing the package (data only) if needed."""
    spec = importlib.util.find_spec("rcpchgrowth")
    if spec is None:
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", PACKAGE]
        if sys.prefix == getattr(sys, "base_prefix", sys.prefix):
            command.insert(4, "--user")
        print("bmi_for_age.py: installing %s: %s" % (PACKAGE, " ".join(command)), file=sys.stderr)
        subprocess.run(command, check=True)
        import site
        importlib.invalidate_caches()
        site.addsitedir(site.getusersitepackages())
        spec = importlib.util.find_spec("rcpchgrowth")
    return os.path.join(os.path.dirname(spec.origin), "data_tables")


def whole(value, unit, row):
    rounded = round(value)
    if abs(value - rounded) > 0.05:
        raise SystemExit("not a whole %s: %r" % (unit, row))
    return rounded


def fixed(value, places):
    """`value` to `places` decimals, which must be exactly how it was published."""
    text = "%.*f" % (places, value)
    if float(text) != value:
        raise SystemExit("%r has more than %d decimals" % (value, places))
    return text


def extract(folder):
    bmi = lambda name: json.load(open(os.path.join(folder, name)))["measurement"]["bmi"]
    under_five = bmi(os.path.join("who", "who_children.json"))
    school_age = bmi(os.path.join("who", "who_2007_children.json"))
    cdc = bmi("cdc2-20.json")
    who_2006_rows, who_2007_rows, cdc_rows = [], [], []
    for sex, key in (("m", "male"), ("f", "female")):
        for row in under_five[key]:
            day = whole(row["decimal_age"] * 365.25, "day", row)
            if 731 <= day <= 1856:
                who_2006_rows.append([sex, str(day), fixed(row["L"], 4), fixed(row["M"], 4), fixed(row["S"], 5)])
        for row in school_age[key]:
            month = whole(row["decimal_age"] * 12, "month", row)
            if 61 <= month <= 228:
                who_2007_rows.append([sex, str(month), fixed(row["L"], 4), fixed(row["M"], 4), fixed(row["S"], 5)])
        for row in cdc[key]:
            half_months = whole(row["decimal_age"] * 24, "half month", row)
            age = str(half_months // 2) + (".5" if half_months % 2 else "")
            cdc_rows.append([sex, age] + [repr(float(row[name])) for name in ("L", "M", "S", "sigma")])
    WHO_2006.write_csv(who_2006_rows, ["sex", "day", "L", "M", "S"])
    WHO_2007.write_csv(who_2007_rows, ["sex", "month", "L", "M", "S"])
    CDC_2000.write_csv(cdc_rows, ["sex", "month", "L", "M", "S", "sigma"])


def main(arguments):
    if arguments[:1] == ["extract"] and len(arguments) <= 2:
        extract(arguments[1] if len(arguments) == 2 else data_tables())
        arguments = ["generate"]
    if arguments == ["generate"]:
        sources = swift_sources()
        for path, source in sources.items():
            with open(path, "w") as file:
                file.write(source)
        for name in os.listdir(REFERENCE):
            path = os.path.join(REFERENCE, name)
            if path not in sources and open(path).read().startswith("// Generated by Data/bmi_for_age.py"):
                os.remove(path)
        return 0
    if arguments == ["check"]:
        failed = False
        sources = swift_sources()
        for path, source in sources.items():
            current = open(path).read() if os.path.exists(path) else ""
            if current != source:
                print("%s differs from its data file: run python3 Data/bmi_for_age.py generate" % path)
                failed = True
        # A generated file the data no longer makes (a part left from a longer table).
        for name in sorted(os.listdir(REFERENCE)):
            path = os.path.join(REFERENCE, name)
            if path not in sources and open(path).read().startswith("// Generated by Data/bmi_for_age.py"):
                print("%s is generated but no longer made: run python3 Data/bmi_for_age.py generate" % path)
                failed = True
        if failed:
            return 1
        counts = [len(table.rows()) for table in (WHO_2006, WHO_2007, CDC_2000)]
        print("the Swift tables match the data files (%d, %d and %d rows)" % tuple(counts))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
