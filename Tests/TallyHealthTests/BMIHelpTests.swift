import Testing

@testable import TallyHealth

@Suite struct BMIHelpTests {
    @Test func wholeHelpText() {
        #expect(
            BMICommand.helpText == """
                bmi HEIGHT WEIGHT [who|asia|cdc] [age AGE sex f|m] [waist WAIST]

                Body mass index: the weight in kilograms divided by the square of the height in
                metres. The BMI is shown to one decimal and the category is read from the number
                shown, so the two always agree; each band includes its lower bound (18.5 is
                normal weight). The second line gives the weights, to 0.1 kg, whose BMI would
                be normal at that height. The exact BMI becomes ans.

                  height   cm (the default), mm, m, in, or ft and in: 175, 1750mm, 1.75m, 1m75,
                           69in, 5ft9in, 5ft 9, 5 ft 9 in, 5'9"
                  weight   kg (the default), lb, or st and lb: 70, 154lb, 11st, 11st4lb

                Unit words may be spelt out, in any case: cms, centimetres, metres, inches,
                feet, kgs, kilos, lbs, pounds, stone; any length or mass of 'help units' works
                too (bmi 2 yd 12 st, bmi 1750 mm 70000 g), and quantities side by side add up
                as in expressions (1 m 75 cm, 1 yd 2 ft 9 in). Numbers are written as in
                expressions (1_750, 1.75e2, full-width digits too); a decimal comma works
                (170,5); a unit may stand apart (175 cm); an argument may be a variable or an
                expression in parentheses: bmi h w, bmi (h+2)cm 70. A weight given in pounds
                or stones gets its healthy range in them too; a height in feet or inches is
                echoed so.

                Accepted: height 50–272 cm, weight 2–650 kg, BMI 10–150. A BMI outside is
                an error that names the likely mistake (a unit left off, the arguments swapped);
                a bare number read in cm or kg beside feet, inches, pounds or stones gets a
                warning with the fix (154 was read as kg; write 154lb for pounds).

                who (the default): WHO adult classification
                  WHO, Obesity: preventing and managing the global epidemic, Technical Report
                  Series 894 (Geneva, 2000), the report of the 1997 consultation
                    below 18.5      underweight
                    18.5–24.9       normal weight
                    25.0–29.9       pre-obese
                    30.0–34.9       obesity class I
                    35.0–39.9       obesity class II
                    40.0 and over   obesity class III

                asia: Asia-Pacific, Korean Society for the Study of Obesity
                  KSSO Clinical Practice Guidelines for Obesity, 2022 update (8th edition):
                  Haam et al., J Obes Metab Syndr 2023;32(2):121-129
                    below 18.5      underweight
                    18.5–22.9       normal weight
                    23.0–24.9       pre-obese
                    25.0–29.9       obesity class 1
                    30.0–34.9       obesity class 2
                    35.0 and over   obesity class 3

                cdc: CDC adult categories, the WHO cut-offs
                  CDC, "Adult BMI Categories" (cdc.gov): the WHO cut-offs under CDC names;
                  children 2-19 years by the CDC 2000 growth charts (see below)
                    below 18.5      underweight
                    18.5–24.9       healthy weight
                    25.0–29.9       overweight
                    30.0–34.9       obesity class 1
                    35.0–39.9       obesity class 2
                    40.0 and over   obesity class 3 (severe obesity)

                set standard asia (or cdc) makes it the default for the session.

                Children and teenagers: bmi HEIGHT WEIGHT age AGE sex f|m (or girl, boy), with
                AGE as years (10, 3.5, 2y), years, months and days (10y6m6d, 10 years 6 months
                6 days), months (126 months), days (800 days) or a birth date (2015-04-12).
                The z-score (LMS method), its percentile and the category are shown; WHO's are
                decided on the z-score shown to two decimals, the CDC's on the percentile shown.

                From 2 years to 5 years 1 month (by day of age): WHO Child Growth Standards
                (2006), BMI-for-age:
                    z below -3              severe wasting
                    z from -3 to below -2   wasting
                    z from -2 to +1         normal
                    z above +1 up to +2     possible risk of overweight
                    z above +2 up to +3     overweight
                    z above +3              obesity
                From 5 years 1 month to 19 years (by completed month): WHO 2007 growth
                reference (de Onis et al., Bull World Health Organ 2007;85:660-667):
                    z below -3              severe thinness
                    z from -3 to below -2   thinness
                    z from -2 to +1         normal
                    z above +1 up to +2     overweight
                    z above +2              obesity
                With cdc (or set standard cdc), from 2 to 19 years (by completed month): CDC
                2000 growth charts, with the CDC's 2022 extended method above the 95th
                percentile:
                    below the 5th percentile                underweight
                    5th to below the 85th percentile        healthy weight
                    85th to below the 95th percentile       overweight
                    95th percentile and over                obesity
                    120 % of the 95th percentile and over   severe obesity
                Under 2 years BMI is not used: a child's weight is read against its length
                (weight-for-length). From 19 years 1 month (WHO; 20 years for the CDC) and
                without an age the classification is for adults, 20 and over.

                Every adult result shows BMI Prime (BMI / 25, or / 23 for asia). waist WAIST
                (a length, cm by default) adds the waist-to-height ratio with NICE's bands
                (2022: below 0.5 no increased health risk, 0.5 to 0.59 increased, 0.6 and over
                high).

                BMI is a screening number, not a diagnosis: it cannot tell muscle from fat, so
                muscular people read high; in older age, lost muscle and height make it less
                reliable; it does not apply during pregnancy.
                """)
    }

    /// Help fits a standard terminal.
    @Test func linesFitEightyColumns() {
        for line in BMICommand.helpText.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }
}
