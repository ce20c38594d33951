package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dates, times, timestamps and booleans, checked against java.time: DATE is epoch days, TIME
 * milliseconds of the day, TIMESTAMP milliseconds since 1970-01-01 00:00 (no zone).
 */
class ValueParsersTemporalTest {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  @Test
  void everyDayOfEightCenturiesIsItsEpochDay() {
    LocalDate end = LocalDate.of(2400, 12, 31);
    for (LocalDate d = LocalDate.of(1600, 1, 1); !d.isAfter(end); d = d.plusDays(1)) {
      Parse.check(Parse.of(ValueParsers::parseDate, d.toString()), (int) d.toEpochDay(),
          d.toString());
    }
  }

  @Test
  void randomDaysOfYearsZeroToNineThousandNineHundredNinetyNine() {
    Random r = new Random(6);
    long first = LocalDate.of(0, 1, 1).toEpochDay();
    long last = LocalDate.of(9999, 12, 31).toEpochDay();
    for (int i = 0; i < 30_000; i++) {
      LocalDate d = LocalDate.ofEpochDay(first + (long) (r.nextDouble() * (last - first + 1)));
      String text = String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(),
          d.getDayOfMonth());
      Parse.check(Parse.of(ValueParsers::parseDate, text), (int) d.toEpochDay(), text);
    }
  }

  /** Every year/month/day combination near the edges is valid exactly when java.time says so. */
  @Test
  void invalidDaysAreRejectedAsJavaTimeRejectsThem() {
    int[] years = {0, 1, 4, 100, 400, 1900, 1970, 2000, 2023, 2024, 2100, 9999};
    for (int year : years) {
      for (int month = 0; month <= 13; month++) {
        for (int day = 0; day <= 32; day++) {
          String text = String.format("%04d-%02d-%02d", year, month, day);
          boolean valid;
          long epochDay = 0;
          try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
            valid = true;
          } catch (DateTimeException e) {
            valid = false;
          }
          Object v = Parse.of(ValueParsers::parseDate, text);
          if (valid) {
            assertThat(v).as(text).isEqualTo((int) epochDay);
          } else {
            assertThat(v).as(text).isSameAs(ValueParsers.MISFIT);
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {"1970-01-01|0", "1969-12-31|-1", "2024-02-29|19782",
      "2000-02-29|11016", "0000-01-01|-719528", "9999-12-31|2932896"})
  void datesAtTheEdges(String text, int epochDay) {
    assertThat(Parse.of(ValueParsers::parseDate, text)).isEqualTo(epochDay);
    assertThat(LocalDate.parse(text.startsWith("0000") ? "0000-01-01" : text).toEpochDay())
        .isEqualTo(epochDay);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "2024-1-01", "2024-01-1", "2024/01/01", "01/02/2024", "2024-01-01 ",
      "20240101", "2024-02-29T00:00", "+2024-01-01", "2024-0a-01", "2023-02-29", "1900-02-29",
      "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "2024-01-32", "２０２４-01-01"})
  void notDates(String text) {
    assertThat(Parse.misfit(ValueParsers::parseDate, text)).isTrue();
  }

  @ParameterizedTest(name = "\"{0}\" is {1} ms")
  @CsvSource(delimiter = '|', value = {"00:00|0", "00:00:00|0", "23:59|86340000",
      "23:59:59|86399000", "23:59:59.999|86399999", "12:34:56.7|45296700",
      "12:34:56.78|45296780", "12:34:56.789|45296789", "12:34:56.7890|45296789",
      "12:34:56.789000000|45296789", "01:02:03.000000000|3723000"})
  void times(String text, int millis) {
    assertThat(Parse.of(ValueParsers::parseTime, text)).isEqualTo(millis);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "12", "12:3", "1:00", "24:00", "12:60", "12:34:60", "12:34:5",
      "12-34", "12:34:56.", "12:34:56.1234567890", "12:34:56,789", "12:34:56.78x", "ab:cd",
      "12:34:56Z", " 12:34", "12:34 ", "12:34:56 PM", "-1:00", "12:-1", "12:34:56.7899",
      "12:34:56.789999999", "01:02:03.000000001", "01:02:03.0001"})
  void notTimes(String text) {
    assertThat(Parse.misfit(ValueParsers::parseTime, text)).isTrue();
  }

  @Test
  void randomTimesAgreeWithJavaTimeOrAreRefusedWhenFinerThanMillis() {
    Random r = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      LocalTime t = LocalTime.ofNanoOfDay((long) (r.nextDouble() * 86_400_000_000_000L));
      String text = timeText(r, t);
      LocalTime written = LocalTime.parse(text);
      Parse.check(Parse.of(ValueParsers::parseTime, text),
          written.getNano() % 1_000_000 != 0 ? ValueParsers.MISFIT
              : (Object) (int) (written.toNanoOfDay() / 1_000_000), text);
    }
  }

  @Test
  void randomTimestampsAgreeWithJavaTime() {
    Random r = new Random(8);
    long first = LocalDate.of(1, 1, 1).toEpochDay();
    long last = LocalDate.of(9999, 12, 31).toEpochDay();
    for (int i = 0; i < 20_000; i++) {
      LocalDate d = LocalDate.ofEpochDay(first + (long) (r.nextDouble() * (last - first + 1)));
      LocalTime t = LocalTime.ofNanoOfDay((long) (r.nextDouble() * 86_400_000_000_000L));
      String time = timeText(r, t);
      String text = String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(),
          d.getDayOfMonth()) + (r.nextBoolean() ? 'T' : ' ') + time;
      long expected = d.toEpochDay() * MILLIS_PER_DAY
          + LocalTime.parse(time).toNanoOfDay() / 1_000_000;
      boolean finer = LocalTime.parse(time).getNano() % 1_000_000 != 0;
      Parse.check(Parse.of(ValueParsers::parseTimestamp, text),
          finer ? ValueParsers.MISFIT : (Object) expected, text);
    }
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {"1970-01-01 00:00|0", "1970-01-01T00:00:00|0",
      "1969-12-31 23:59:59.999|-1", "2024-02-29T12:34:56.789000|1709210096789",
      "2024-02-29 12:34|1709210040000", "2024-02-29|1709164800000", "1969-12-31|-86400000"})
  void timestamps(String text, long millis) {
    assertThat(Parse.of(ValueParsers::parseTimestamp, text)).isEqualTo(millis);
    String iso = text.replace(' ', 'T');
    LocalDateTime ldt = LocalDateTime.parse(iso.length() == 10 ? iso + "T00:00" : iso);
    assertThat(ldt.toLocalDate().toEpochDay() * MILLIS_PER_DAY
        + ldt.toLocalTime().toNanoOfDay() / 1_000_000).isEqualTo(millis);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "2024-01-01 ", "2024-01-01T", "2024-02-30", "2024-1-01", "2024-02-30 00:00",
      "2024-01-01X00:00", "2024-01-01 25:00", "2024-01-01 12:60", "2024-01-01T00:00Q",
      "2024-01-01T00:00+25:00", "2024-01-01T00:00+1", "2024-01-01  00:00", "2024-01-01T0:00", "2024-1-01 00:00",
      "2024-01-01 00:00:00.", "2024-01-01T00:00:00.1234567890", "12:00 2024-01-01",
      "2024-02-29T12:34:56.789123", "2024-01-01T00:00:00.0000001Z"})
  void notTimestamps(String text) {
    assertThat(Parse.misfit(ValueParsers::parseTimestamp, text)).isTrue();
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {"2024-01-01T00:00Z|2024-01-01T00:00",
      "2024-01-01T10:00:00+02:00|2024-01-01T08:00", "2024-01-01 10:00:00 -0530|2024-01-01T15:30",
      "2024-01-01T01:30+03|2023-12-31T22:30", "2024-01-01T00:00:00.5Z|2024-01-01T00:00:00.5"})
  void timestampsWithAZoneAreConvertedToUtc(String text, String utc) {
    LocalDateTime t = LocalDateTime.parse(utc);
    assertThat(Parse.of(ValueParsers::parseTimestamp, text))
        .isEqualTo(t.toLocalDate().toEpochDay() * MILLIS_PER_DAY
            + t.toLocalTime().toNanoOfDay() / 1_000_000);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {"yes|true", "YES|true", "No|false", "no|false"})
  void yesAndNoAreBooleans(String text, boolean expected) {
    assertThat(Parse.of(ValueParsers::parseBoolean, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {"true|true", "TRUE|true", "True|true", "tRuE|true",
      "false|false", "FALSE|false", "False|false", "fAlSe|false"})
  void booleansInAnyCase(String text, boolean expected) {
    assertThat(Parse.of(ValueParsers::parseBoolean, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "t", "f", "yess", "n", "1", "0", "truee", "fals", " true",
      "true ", "y", "on", "trÜe"})
  void notBooleans(String text) {
    assertThat(Parse.misfit(ValueParsers::parseBoolean, text)).isTrue();
  }

  @Test
  void parseDispatchesByTypeInCalciteRepresentation() {
    assertThat(parse(ColumnType.BOOLEAN, "True")).isEqualTo(true);
    assertThat(parse(ColumnType.INTEGER, "-42")).isEqualTo(-42);
    assertThat(parse(ColumnType.INTEGER, "3000000000")).isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.BIGINT, "3000000000")).isEqualTo(3_000_000_000L);
    assertThat(parse(ColumnType.DECIMAL, "123456789012345678901234567890"))
        .isEqualTo(new java.math.BigDecimal("123456789012345678901234567890"));
    assertThat(parse(ColumnType.DOUBLE, "2.5")).isEqualTo(2.5);
    assertThat(parse(ColumnType.DATE, "1970-01-02")).isEqualTo(1);
    assertThat(parse(ColumnType.TIME, "00:00:01")).isEqualTo(1000);
    assertThat(parse(ColumnType.TIMESTAMP, "1970-01-01 00:00:01")).isEqualTo(1000L);
    assertThatThrownBy(() -> parse(ColumnType.VARCHAR, "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Object parse(ColumnType type, String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return ValueParsers.parse(type, b, 0, b.length);
  }

  /** {@code hh:mm}, {@code hh:mm:ss} or {@code hh:mm:ss.f...} with 1 to 9 fraction digits. */
  private static String timeText(Random r, LocalTime t) {
    String hm = String.format("%02d:%02d", t.getHour(), t.getMinute());
    int form = r.nextInt(3);
    if (form == 0) {
      return hm;
    }
    String hms = hm + String.format(":%02d", t.getSecond());
    if (form == 1) {
      return hms;
    }
    String nanos = String.format("%09d", t.getNano());
    return hms + "." + nanos.substring(0, 1 + r.nextInt(9));
  }
}
