package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Integers, big integers and doubles as the scan and type inference parse them. */
class ValueParsersNumberTest {

  @ParameterizedTest(name = "\"{0}\" is {1}")
  @CsvSource(delimiter = '|', value = {
      "0|0", "-0|0", "+0|0", "7|7", "-7|-7", "+7|7", "1234567890|1234567890",
      "9223372036854775807|9223372036854775807", "-9223372036854775808|-9223372036854775808",
      "-9223372036854775807|-9223372036854775807", "1000000000000000000|1000000000000000000"})
  void longs(String text, long expected) {
    assertThat(Parse.of(ValueParsers::parseLong, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "-", "+", "007", "00", "-01", "+00", "9223372036854775808",
      "-9223372036854775809", "18446744073709551616", "99999999999999999999", "1.0", "1e3", " 1",
      "1 ", "--1", "+-1", "1_000", "1,000", "0x10", "١", "12a", "a12", "٣٤"})
  void notLongs(String text) {
    assertThat(Parse.misfit(ValueParsers::parseLong, text)).isTrue();
  }

  @Test
  void randomLongsRoundTrip() {
    Random r = new Random(1);
    for (int i = 0; i < 50_000; i++) {
      long v = switch (i % 3) {
        case 0 -> r.nextLong();
        case 1 -> r.nextInt();
        default -> r.nextLong() >> r.nextInt(64);
      };
      String text = Long.toString(v);
      Parse.check(Parse.of(ValueParsers::parseLong, text), v, text);
      Parse.check(Parse.of(ValueParsers::parseInt, text),
          v == (int) v ? (Object) (int) v : ValueParsers.MISFIT, text);
    }
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {
      "2147483647|true", "-2147483648|true", "2147483648|false", "-2147483649|false",
      "0|true", "-1|true", "01|false"})
  void ints(String text, boolean fits) {
    Object v = Parse.of(ValueParsers::parseInt, text);
    if (fits) {
      assertThat(v).isEqualTo(Integer.valueOf(text));
    } else {
      assertThat(v).isSameAs(ValueParsers.MISFIT);
    }
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"0", "12345678901234567890", "-12345678901234567890",
      "+12345678901234567890", "12345678901234567890123456789012345678",
      "-99999999999999999999999999999999999999", "9223372036854775808"})
  void bigIntegers(String text) {
    Object v = Parse.of(ValueParsers::parseBigInteger, text);

    assertThat(v).isInstanceOf(BigDecimal.class);
    assertThat((BigDecimal) v).isEqualByComparingTo(new BigDecimal(text));
    assertThat(((BigDecimal) v).scale()).isZero();
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "-", "123456789012345678901234567890123456789",
      "-123456789012345678901234567890123456789", "0012345678901234567890", "1.5", "1e30",
      "12345678901234567890x", " 12345678901234567890"})
  void notBigIntegers(String text) {
    assertThat(Parse.misfit(ValueParsers::parseBigInteger, text)).isTrue();
  }

  /**
   * Whatever our parser accepts it must read exactly as the JDK does; it refuses only numbers
   * whose digits a DOUBLE does not keep.
   */
  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"0", "-0", "0.0", "-0.0", "+0.0", "1", "1.5", "-1.5", "+1.5", ".5",
      "-.5", "5.", "1e10", "1E10", "1e+10", "1e-10", "1.5e-3", "-2.5E+3", "123456789012345678",
      "1234567890123456789", "12345678901234567890123", "0.1", "0.2", "0.3", "9007199254740991",
      "9007199254740992", "9007199254740993", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324",
      "2.4e-324", "2.5e-324", "1e-400", "1.7976931348623157e308", "1.7976931348623158e308",
      "1.7976931348623159e308", "1e309", "2.2250738585072011e-308", "2.2250738585072012e-308",
      "0.000000000000000000000000000001234", "123456789.123456789123456789",
      "3.141592653589793238462643383279", "1e0", "0e0", "0e5000", "1e-99999999999",
      "1e99999999999", "0.30000000000000004", "100000000000000000000000", "8.41e21",
      "8.41e22", "5e-324", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999"})
  void doublesAgreeWithTheJdk(String text) {
    agreesOrRefusesRounding(text);
  }

  /** Numbers a DOUBLE would round are refused, never rounded; those it keeps are read. */
  @ParameterizedTest(name = "\"{0}\" read: {1}")
  @CsvSource(delimiter = '|', value = {"0.30000000000000004|true", "9007199254740993|false",
      "1234567890.12345678901|false", "123456789012345678901|false", "1e400|false",
      "1e-400|false", "0.1|true", "1.50000000000000000000|true", "1e22|true",
      "1.7976931348623157e308|true", "3.141592653589793238462643383279|false"})
  void doublesThatWouldBeRoundedAreRefused(String text, boolean read) {
    Object v = Parse.of(ValueParsers::parseDouble, text);
    if (read) {
      assertThat(v).isEqualTo(Double.parseDouble(text));
    } else {
      assertThat(v).isSameAs(ValueParsers.MISFIT);
    }
  }

  /** The JDK's value when a DOUBLE keeps every digit of {@code text}, else a misfit. */
  private static void agreesOrRefusesRounding(String text) {
    double jdk = Double.parseDouble(text);
    Parse.check(Parse.of(ValueParsers::parseDouble, text),
        keeps(jdk, text) ? (Object) jdk : ValueParsers.MISFIT, text);
  }

  /** Whether the double nearest to {@code text} gives back its digits when rounded to as many. */
  private static boolean keeps(double v, String text) {
    BigDecimal written;
    try {
      written = new BigDecimal(text);
    } catch (NumberFormatException farExponent) {
      return v == 0 && text.matches("[+-]?[0.]*e.*");
    }
    if (Double.isInfinite(v) || (v == 0) != (written.signum() == 0)) {
      return false;
    }
    if (v == 0) {
      return true;
    }
    written = written.stripTrailingZeros();
    return new BigDecimal(v).round(new java.math.MathContext(written.precision(),
        java.math.RoundingMode.HALF_EVEN)).compareTo(written) == 0;
  }

  @ParameterizedTest(name = "\"{0}\" is {1}")
  @CsvSource(delimiter = '|', value = {"NaN|NaN", "nan|NaN", "NAN|NaN", "-NaN|NaN",
      "Infinity|Infinity", "+Infinity|Infinity", "-Infinity|-Infinity", "infinity|Infinity",
      "inf|Infinity", "-INF|-Infinity"})
  void specialDoubles(String text, double expected) {
    assertThat(Parse.of(ValueParsers::parseDouble, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "+", "-", ".", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1.2.3",
      "01", "00.5", "-01.5", "1,5", " 1", "1 ", "0x10", "0x1p3", "1d", "1f", "--1", "Infinityx",
      "nan1", "1e5.5", "1..2", "in", "Infinit", "NaNa", "1e 5", "١٫٥"})
  void notDoubles(String text) {
    assertThat(Parse.misfit(ValueParsers::parseDouble, text)).isTrue();
  }

  @Test
  void randomDoublesRoundTripThroughTheirShortestText() {
    Random r = new Random(2);
    for (int i = 0; i < 40_000; i++) {
      double v = Double.longBitsToDouble(r.nextLong());
      if (Double.isNaN(v)) {
        continue;
      }
      String text = Double.toString(v);
      Parse.check(Parse.of(ValueParsers::parseDouble, text), v, text);
    }
  }

  /** Decimal text of every shape the grammar allows: long mantissas, far exponents, zeros. */
  @Test
  void randomDecimalTextAgreesWithTheJdk() {
    Random r = new Random(3);
    for (int i = 0; i < 60_000; i++) {
      String text = randomDecimal(r);
      agreesOrRefusesRounding(text);
    }
  }

  /** Mantissas below 2^53 and exponents within 22: the fast path must round exactly. */
  @Test
  void fastPathRoundsLikeTheJdk() {
    Random r = new Random(4);
    for (int i = 0; i < 50_000; i++) {
      // Never 0: its fraction form would start with a leading zero, which is not a number here.
      long mantissa = 1 + (r.nextLong() >>> (11 + r.nextInt(53)));
      int exp = r.nextInt(45) - 22;
      String text = mantissa + "e" + exp;
      agreesOrRefusesRounding(text);
      agreesOrRefusesRounding(fractionForm(Long.toString(mantissa), exp));
    }
  }

  /** Random strings over number characters: anything accepted must match the JDK's value. */
  @Test
  void acceptedGarbageStillAgreesWithTheJdk() {
    Random r = new Random(5);
    String chars = "0123456789.eE+-NaIinfty";
    int accepted = 0;
    for (int i = 0; i < 300_000; i++) {
      StringBuilder s = new StringBuilder();
      int n = 1 + r.nextInt(8);
      for (int k = 0; k < n; k++) {
        s.append(chars.charAt(r.nextInt(chars.length())));
      }
      String text = s.toString();
      Object v = Parse.of(ValueParsers::parseDouble, text);
      if (v != ValueParsers.MISFIT) {
        accepted++;
        String jdkText = text.toLowerCase(java.util.Locale.ROOT).replaceAll("inf$", "infinity")
            .replace("infinity", "Infinity").replace("nan", "NaN");
        assertThat(v).as(text).isEqualTo(Double.parseDouble(jdkText));
      }
    }
    assertThat(accepted).isGreaterThan(1000);
  }

  private static String randomDecimal(Random r) {
    StringBuilder s = new StringBuilder();
    int sign = r.nextInt(3);
    if (sign == 1) {
      s.append('-');
    } else if (sign == 2) {
      s.append('+');
    }
    int intDigits = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(r.nextBoolean() ? 5 : 25);
    if (intDigits == 1 && r.nextInt(3) == 0) {
      s.append('0');
    } else {
      for (int k = 0; k < intDigits; k++) {
        s.append(k == 0 ? (char) ('1' + r.nextInt(9)) : (char) ('0' + r.nextInt(10)));
      }
    }
    int fracDigits = intDigits == 0 ? 1 + r.nextInt(25) : r.nextInt(3) == 0 ? 0 : r.nextInt(25);
    if (fracDigits > 0 || r.nextBoolean()) {
      s.append('.');
      boolean zeros = r.nextInt(4) == 0;
      for (int k = 0; k < fracDigits; k++) {
        s.append(zeros && k < fracDigits - 3 ? '0' : (char) ('0' + r.nextInt(10)));
      }
    }
    if (intDigits + fracDigits == 0) {
      s.append('1');
    }
    if (r.nextBoolean()) {
      s.append(r.nextBoolean() ? 'e' : 'E');
      int es = r.nextInt(3);
      if (es == 1) {
        s.append('-');
      } else if (es == 2) {
        s.append('+');
      }
      s.append(r.nextInt(r.nextBoolean() ? 30 : 400));
    }
    return s.toString();
  }

  /** {@code digits × 10^exp} written without an exponent. */
  private static String fractionForm(String digits, int exp) {
    if (exp >= 0) {
      return digits + "0".repeat(exp);
    }
    int point = digits.length() + exp;
    if (point > 0) {
      return digits.substring(0, point) + "." + digits.substring(point);
    }
    return "0." + "0".repeat(-point) + digits;
  }
}
