package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values at the bounds each rule names: 38 digits of a DECIMAL, 2^53 of a DOUBLE, zone offsets of
 * 18 hours, digits 0 and 9, a day of three digits; and values that lie in the middle of a larger
 * buffer, as the scan hands them over.
 */
class BoundsTest {

  /** {@code values} of column 0, each in the middle of a buffer of other bytes. */
  private static TypeInference of(boolean decimalComma, String... values) {
    TypeInference t = new TypeInference(decimalComma);
    for (String v : values) {
      byte[] text = v.getBytes(StandardCharsets.UTF_8);
      byte[] b = new byte[text.length + 6];
      b[0] = '1';
      b[1] = ':';
      b[2] = '.';
      System.arraycopy(text, 0, b, 3, text.length);
      b[text.length + 3] = '.';
      b[text.length + 4] = '5';
      b[text.length + 5] = 'x';
      t.accept(0, b, 3, 3 + text.length);
    }
    return t;
  }

  private static TypeInference of(String... values) {
    return of(false, values);
  }

  private static long utc(String iso, String offset) {
    return LocalDateTime.parse(iso).toInstant(ZoneOffset.of(offset)).toEpochMilli();
  }

  @Test
  void thirtyEightDigitsAreADecimalAndThirtyNineAreText() {
    String d38 = "1234567890123456789012345678901234567.8";
    TypeInference ok = of(d38);
    assertThat(ok.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(ok.format(0).scale()).isEqualTo(1);

    TypeInference over = of("12345678901234567890123456789012345678.9");
    assertThat(over.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(over.textReason(0)).startsWith("its numbers need 39 digits (38 before the "
        + "decimal point and 1 after it)");

    TypeInference zeros = of("0.12345678901234567890123456789012345678");
    assertThat(zeros.decide(0, true)).as("a leading zero is no digit of the precision")
        .isEqualTo(ColumnType.DECIMAL);
    assertThat(zeros.format(0).scale()).isEqualTo(38);
  }

  @Test
  void thirtyEightDigitsWithADecimalCommaToo() {
    TypeInference ok = of(true, "1234567890123456789012345678901234567,8");
    assertThat(ok.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(ok.format(0).decimalComma()).isTrue();

    TypeInference over = of(true, "123456789012345678901234567890,123456789");
    assertThat(over.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(over.textReason(0)).startsWith("its numbers need 39 digits (30 before the "
        + "decimal comma and 9 after it)");
  }

  @Test
  void signedDecimalsAreDecimals() {
    assertThat(of("-1.5", "+2.25").decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(of("-1.5", "+2.25").format(0).scale()).isEqualTo(2);
  }

  /** A BIGINT column joins a DOUBLE one only when its values are exact doubles. */
  @Test
  void integersBeyondTwoToTheFiftyThreeAreNoDoubles() {
    assertThat(of("9007199254740992", "1e5").decide(0, true)).isEqualTo(ColumnType.DOUBLE);
    assertThat(of("9007199254740993", "1e5").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(of("9223372036854775807", "1e5").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(of("-9223372036854775808", "1e5").decide(0, true)).isEqualTo(ColumnType.DOUBLE);
  }

  @Test
  void theTypeOfAValueAlone() {
    byte[] five = "5".getBytes(StandardCharsets.US_ASCII);
    byte[] x = "x".getBytes(StandardCharsets.US_ASCII);
    assertThat(TypeInference.fits(ColumnType.INTEGER, five, 0, 1)).isTrue();
    assertThat(TypeInference.fits(ColumnType.INTEGER, x, 0, 1)).isFalse();
    assertThat(TypeInference.fits(ColumnType.DATE, five, 0, 1)).isFalse();
    assertThat(TypeInference.fits(ColumnType.VARCHAR, x, 0, 1)).isTrue();
  }

  /** Column 1 of a one-column inference, and columns made room for but never given a value. */
  @Test
  void columnsWithoutValuesHaveNoTypeNoteOrReason() {
    TypeInference one = of("05/06/2024");
    byte[] v = "05/06/2024".getBytes(StandardCharsets.US_ASCII);
    assertThat(one.nonEmptyCount(1)).isZero();
    assertThat(one.fitsAlongside(1, v, 0, v.length)).isFalse();
    assertThat(one.format(1)).isEqualTo(ValueFormat.STANDARD);
    assertThat(one.ambiguity(1)).isNull();
    assertThat(one.textReason(1)).isNull();
    assertThat(one.ambiguity(0)).isNotNull();

    TypeInference third = new TypeInference();
    third.accept(2, v, 0, v.length);
    assertThat(third.nonEmptyCount(0)).isZero();
    assertThat(third.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(third.ambiguity(0)).isNull();
    assertThat(third.textReason(0)).isNull();
    assertThat(third.ambiguity(2)).isNotNull();
    assertThat(of("05/06/2024 10:00").ambiguity(0)).isNotNull();
  }

  @Test
  void subMillisecondDigitsAreFoundAmongZerosAndNines() {
    assertThat(of("10:00:00.0009").textReason(0)).isEqualTo("its times have digits finer than "
        + "a millisecond (\"10:00:00.0009\"), which TIME(3) and TIMESTAMP(3) would cut");
    assertThat(of("10:00:00.9000").decide(0, true)).isEqualTo(ColumnType.TIME);
    TypeInference zoned = of("2024-01-31 10:00:00.1234+01:00");
    assertThat(zoned.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(zoned.textReason(0)).contains("(\"2024-01-31 10:00:00.1234+01:00\")");
    TypeInference dmy = of("31/01/2024 10:00:00.12345");
    assertThat(dmy.textReason(0)).contains("finer than a millisecond");
  }

  @Test
  void fineDigitsInWhatIsNoTimeGiveNoTimeReason() {
    assertThat(of("ab:cd.12345").textReason(0)).isNull();
    assertThat(of("1", "10:00:00.1234").textReason(0)).isNull();
    assertThat(of("1", "10:00:00.1234").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"+18:00", "-18:00", "+00:30", "+05:59", "-0130", "+01"})
  void zoneOffsetsUpToEighteenHours(String offset) {
    String local = "2024-01-01T10:00:00.500";
    String normalized = offset.length() == 3 ? offset + ":00"
        : offset.length() == 5 ? offset.substring(0, 3) + ":" + offset.substring(3) : offset;
    Object v = Parse.of(ValueParsers::parseTimestamp, "2024-01-01 10:00:00.5" + offset);

    assertThat(v).isEqualTo(utc(local, normalized));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"+19:00", "+05:60", "+5:00", "+0500x", "+05:0"})
  void zoneOffsetsBeyondAreNoTimestamps(String offset) {
    assertThat(Parse.misfit(ValueParsers::parseTimestamp, "2024-01-01 10:00" + offset)).isTrue();
  }

  @Test
  void timestampsInOtherOrdersAtTheirEdges() {
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseTimestamp(b, s, e, DateOrder.NAMED_DMY),
        "01-Jan-2024 10:00")).isEqualTo(utc("2024-01-01T10:00", "Z"));
    assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseTimestamp(b, s, e, DateOrder.DMY),
        "31/01/2024 10:00 ")).isTrue();
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseTimestamp(b, s, e, DateOrder.DMY),
        "31/01/2024 10:00 +01:00")).isEqualTo(utc("2024-01-31T10:00", "+01:00"));
  }

  @Test
  void datesAtTheirEdges() {
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDate(b, s, e, DateOrder.DMY),
        "01/01/0000")).isEqualTo((int) java.time.LocalDate.of(0, 1, 1).toEpochDay());
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDate(b, s, e, DateOrder.NAMED_MDY),
        "AUG 1, 2024")).isEqualTo((int) java.time.LocalDate.of(2024, 8, 1).toEpochDay());
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDate(b, s, e, DateOrder.NAMED_DMY),
        "1 APR 2024")).isEqualTo((int) java.time.LocalDate.of(2024, 4, 1).toEpochDay());
    assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDate(b, s, e, DateOrder.NAMED_MDY),
        "Jan 001, 2024")).isTrue();
    assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDate(b, s, e, DateOrder.NAMED_DMY),
        "001 Jan 2024")).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"'123.456,5', 123456.5", "'9,9', 9.9", "'0,5', 0.5", "'1,09', 1.09",
      "'-1.000,90', -1000.9"})
  void decimalCommaNumbersWithEveryDigit(String text, double expected) {
    assertThat(Parse.of(ValueParsers::parseDecimalComma, text)).isEqualTo(expected);
  }

  @Test
  void decimalsWithAScaleAtTheirEdges() {
    String thirty = "123456789012345678901234567890";
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 8, false), thirty))
        .isEqualTo(new BigDecimal(thirty).setScale(8));
    assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 9, false), thirty))
        .isTrue();
    assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 0, false),
        thirty + "123456789")).isTrue();
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 10, false),
        "-123456789012345")).isEqualTo(new BigDecimal("-123456789012345").setScale(10));
    assertThat(Parse.of((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 2, false),
        "-12345678901234567.5")).isEqualTo(new BigDecimal("-12345678901234567.50"));
  }

  @Test
  void decimalsWithTheScaleTheyAreWrittenWith() {
    assertThat(Parse.of(ValueParsers::parseDecimal, "0")).isEqualTo(BigDecimal.ZERO);
    assertThat(Parse.of(ValueParsers::parseDecimal, "-12.50")).isEqualTo(new BigDecimal("-12.50"));
    assertThat(Parse.of(ValueParsers::parseDecimal, "0.12345678901234567890123456789012345678"))
        .isEqualTo(new BigDecimal("0.12345678901234567890123456789012345678"));
    assertThat(Parse.misfit(ValueParsers::parseDecimal, "1." + "0".repeat(38)))
        .as("1 with 38 decimals needs 39 digits").isTrue();
    for (String no : new String[] {"abc", "007.5", "1.2x", ".", "-", "1.5.", "1e5", ""}) {
      assertThat(Parse.misfit(ValueParsers::parseDecimal, no)).as(no).isTrue();
      assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDecimal(b, s, e, 2, false), no))
          .as(no).isTrue();
    }
  }

  @Test
  void aBigIntegerEndsWhereItsFieldEnds() {
    byte[] b = "123x".getBytes(StandardCharsets.US_ASCII);
    assertThat(ValueParsers.parseBigInteger(b, 0, 3)).isEqualTo(new BigDecimal(123));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"1e", "1e+", "2E-", "1.5e"})
  void anExponentNeedsDigits(String text) {
    assertThat(Parse.misfit(ValueParsers::parseDouble, text)).isTrue();
  }

  @Test
  void subnormalDoublesAreReadOnlyWhenTheyKeepTheirDigits() {
    assertThat(Parse.of(ValueParsers::parseDouble, "1e-320")).isEqualTo(1e-320);
    assertThat(Parse.of(ValueParsers::parseDouble, "4.9e-324")).isEqualTo(Double.MIN_VALUE);
    assertThat(Parse.misfit(ValueParsers::parseDouble, "1.23456789e-320")).isTrue();
    assertThat(ValueParsers.MISFIT).hasToString("MISFIT");
  }
}
