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

                  height   cm (the default), m, in, or ft and in: 175, 1.75m, 69in, 5ft9in, 5'9"
                  weight   kg (the default), lb, or st and lb: 70, 154lb, 11st, 11st4lb

                A decimal comma works (170,5), a unit may stand apart (175 cm), and an argument
                may be a variable or an expression in parentheses: bmi h w, bmi (h+2)cm 70.
                Accepted: height 50–272 cm, weight 2–650 kg.

                who (the default): WHO adult classification
                  WHO Technical Report Series 894 (2000)
                    below 18.5      underweight
                    18.5–24.9       normal weight
                    25.0–29.9       pre-obese
                    30.0–34.9       obesity class I
                    35.0–39.9       obesity class II
                    40.0 and over   obesity class III

                asia: Asia-Pacific, Korean Society for the Study of Obesity
                  KSSO Clinical Practice Guidelines for Obesity (2022)
                    below 18.5      underweight
                    18.5–22.9       normal weight
                    23.0–24.9       pre-obese
                    25.0–29.9       obesity class 1
                    30.0–34.9       obesity class 2
                    35.0 and over   obesity class 3

                set standard asia makes asia the default for the session.

                BMI is for adults. For children and teens, use age- and sex-specific BMI
                percentiles from a growth chart instead.
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
