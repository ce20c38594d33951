package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ValueParsers#decimalUnscaled}, what a scan sums without making a decimal: wherever it
 * gives a value, {@link ValueParsers#parseDecimal(byte[], int, int, int, boolean)} gives that
 * value at that scale; wherever it gives {@link ValueParsers#NOT_COMPACT}, the value is longer
 * than 18 digits or not a decimal of the scale.
 */
class DecimalUnscaledTest {

  private static long unscaled(String text, int scale) {
    byte[] b = ("<" + text + ">").getBytes(StandardCharsets.US_ASCII);
    return ValueParsers.decimalUnscaled(b, 1, b.length - 1, scale);
  }

  private static Object parsed(String text, int scale) {
    byte[] b = ("<" + text + ">").getBytes(StandardCharsets.US_ASCII);
    return ValueParsers.parseDecimal(b, 1, b.length - 1, scale, false);
  }

  @ParameterizedTest(name = "\"{0}\" at scale {1} is {2}")
  @CsvSource(delimiter = '|', value = {
      "0|2|0", "-0.00|2|0", "1.5|2|150", "-1.5|2|-150", "+2.10|2|210", ".75|2|75", "3.|2|300",
      "3|0|3", "12.3400|2|1234", "999999999999999999|0|999999999999999999",
      "-9999999999999999.99|2|-999999999999999999", "0.000000000000000001|18|1",
      "000000.5|1|NOT", "00.5|1|NOT", "1.234|2|NOT", "1e3|2|NOT", "|2|NOT", "-|2|NOT", ".|2|NOT",
      "'1,5'|2|NOT", "' 1'|2|NOT", "'1 '|2|NOT", "--1|2|NOT", "NA|2|NOT",
      "1000000000000000000|0|NOT", "99999999999999999.99|2|NOT", "1.5|18|NOT"})
  void valuesAndTheirAbsence(String text, int scale, String expected) {
    String t = text == null ? "" : text;
    long u = unscaled(t, scale);
    if (expected.equals("NOT")) {
      assertThat(u).isEqualTo(ValueParsers.NOT_COMPACT);
    } else {
      assertThat(u).isEqualTo(Long.parseLong(expected));
      assertThat(parsed(t, scale)).isEqualTo(BigDecimal.valueOf(u, scale));
    }
  }

  @Test
  void agreesWithTheDecimalParserOnRandomTexts() {
    Random r = new Random(7);
    List<String> texts = new ArrayList<>();
    String alphabet = "0123456789.-+e, ";
    for (int i = 0; i < 40_000; i++) {
      StringBuilder s = new StringBuilder();
      int n = 1 + r.nextInt(i % 2 == 0 ? 24 : 6);
      for (int k = 0; k < n; k++) {
        // Mostly digits, with a point and a sign where decimals have them.
        s.append(k == 0 && r.nextInt(4) == 0 ? '-' : r.nextInt(8) == 0 && n > 2 ? '.'
            : r.nextInt(30) == 0 ? alphabet.charAt(r.nextInt(alphabet.length()))
            : (char) ('0' + r.nextInt(10)));
      }
      texts.add(s.toString());
    }
    int compact = 0;
    for (String t : texts) {
      for (int scale : new int[] {0, 2, 5, 18}) {
        long u = unscaled(t, scale);
        Object p = parsed(t, scale);
        if (u != ValueParsers.NOT_COMPACT) {
          compact++;
          assertThat(p).as("%s at scale %d", t, scale).isEqualTo(BigDecimal.valueOf(u, scale));
        } else {
          assertThat(p == ValueParsers.MISFIT
              || ((BigDecimal) p).unscaledValue().abs().compareTo(BigDecimal.TEN.pow(18)
              .toBigInteger()) >= 0).as("%s at scale %d: %s", t, scale, p).isTrue();
        }
      }
    }
    assertThat(compact).as("most texts are compact decimals").isGreaterThan(40_000);
  }
}
