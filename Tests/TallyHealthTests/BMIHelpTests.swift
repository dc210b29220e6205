import Testing

@testable import TallyHealth

@Suite struct BMIHelpTests {
    @Test func wholeHelpText() {
        #expect(
            BMICommand.helpText == """
                bmi HEIGHT WEIGHT [who|asia] [age AGE sex f|m]

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

                set standard asia makes asia the default for the session.

                Children and teenagers: bmi HEIGHT WEIGHT age AGE sex f|m (or girl, boy), with
                AGE as years (10), years and months (10y6m) or a birth date (2015-04-12). From
                5 years 1 month to 19 years the BMI is read, by completed month of age, against
                the WHO 2007 growth reference (de Onis et al., Bull World Health Organ
                2007;85:660-667): the z-score (LMS method), its percentile and WHO's category,
                decided on the z-score shown to two decimals:
                    z below -3              severe thinness
                    z from -3 to below -2   thinness
                    z from -2 to +1         normal
                    z above +1 up to +2     overweight
                    z above +2              obesity
                Under 5 years 1 month is refused (WHO's Child Growth Standards cover 0-5).
                Without an age the classification is for adults, 20 and over.

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
