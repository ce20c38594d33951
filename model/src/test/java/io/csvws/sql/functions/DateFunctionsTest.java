package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.Date;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * csvws's date functions called as Calcite calls them: every unit of DATE_TRUNC at the edges of
 * weeks, quarters, centuries and millennia; STRFTIME, STRPTIME and TRY_STRPTIME; day and month
 * names; MAKE_DATE; NULL in, NULL out; errors that say what to write.
 */
class DateFunctionsTest {
  private static Timestamp ts(String s) {
    return Timestamp.valueOf(s);
  }

  private static String trunc(String unit, String s) {
    return DateFunctions.dateTrunc(unit, ts(s)).toString();
  }

  private static void assertInvalid(Runnable r, String message) {
    assertThatThrownBy(r::run).isInstanceOf(CsvwsException.class)
        .satisfies(e -> assertThat(((CsvwsException) e).code())
            .isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageContaining(message);
  }

  @Test
  void dateTruncCutsTimeUnits() {
    String t = "2023-08-17 13:45:56.123456789";
    assertThat(trunc("microseconds", t)).isEqualTo("2023-08-17 13:45:56.123456");
    assertThat(trunc("microsecond", t)).isEqualTo("2023-08-17 13:45:56.123456");
    assertThat(trunc("millisecond", t)).isEqualTo("2023-08-17 13:45:56.123");
    assertThat(trunc("milliseconds", t)).isEqualTo("2023-08-17 13:45:56.123");
    assertThat(trunc("second", t)).isEqualTo("2023-08-17 13:45:56.0");
    assertThat(trunc("seconds", t)).isEqualTo("2023-08-17 13:45:56.0");
    assertThat(trunc("minute", t)).isEqualTo("2023-08-17 13:45:00.0");
    assertThat(trunc("minutes", t)).isEqualTo("2023-08-17 13:45:00.0");
    assertThat(trunc("hour", t)).isEqualTo("2023-08-17 13:00:00.0");
    assertThat(trunc("hours", t)).isEqualTo("2023-08-17 13:00:00.0");
    assertThat(trunc("day", t)).isEqualTo("2023-08-17 00:00:00.0");
    assertThat(trunc("days", t)).isEqualTo("2023-08-17 00:00:00.0");
  }

  @Test
  void dateTruncCutsCalendarUnits() {
    String t = "2023-08-17 13:45:56";
    assertThat(trunc("week", t)).as("a Thursday: back to Monday")
        .isEqualTo("2023-08-14 00:00:00.0");
    assertThat(trunc("weeks", "2023-08-14 10:00:00")).as("a Monday stays")
        .isEqualTo("2023-08-14 00:00:00.0");
    assertThat(trunc("week", "2023-08-20 23:59:59")).as("a Sunday ends the week")
        .isEqualTo("2023-08-14 00:00:00.0");
    assertThat(trunc("month", t)).isEqualTo("2023-08-01 00:00:00.0");
    assertThat(trunc("months", t)).isEqualTo("2023-08-01 00:00:00.0");
    assertThat(trunc("year", t)).isEqualTo("2023-01-01 00:00:00.0");
    assertThat(trunc("years", t)).isEqualTo("2023-01-01 00:00:00.0");
  }

  @Test
  void quartersStartInJanuaryAprilJulyAndOctober() {
    assertThat(trunc("quarter", "2023-01-01 00:00:00")).isEqualTo("2023-01-01 00:00:00.0");
    assertThat(trunc("quarter", "2023-03-31 23:00:00")).isEqualTo("2023-01-01 00:00:00.0");
    assertThat(trunc("quarters", "2023-04-01 01:00:00")).isEqualTo("2023-04-01 00:00:00.0");
    assertThat(trunc("quarter", "2023-06-30 00:00:00")).isEqualTo("2023-04-01 00:00:00.0");
    assertThat(trunc("quarter", "2023-08-17 00:00:00")).isEqualTo("2023-07-01 00:00:00.0");
    assertThat(trunc("quarter", "2023-12-31 00:00:00")).isEqualTo("2023-10-01 00:00:00.0");
  }

  @Test
  void decadesCenturiesAndMillenniaCountAsPostgresqlDoes() {
    assertThat(trunc("decade", "2029-12-31 00:00:00")).isEqualTo("2020-01-01 00:00:00.0");
    assertThat(trunc("decades", "2020-01-01 00:00:00")).isEqualTo("2020-01-01 00:00:00.0");
    assertThat(trunc("century", "2000-06-01 00:00:00")).as("the 20th century ends in 2000")
        .isEqualTo("1901-01-01 00:00:00.0");
    assertThat(trunc("centuries", "2001-01-01 00:00:00")).isEqualTo("2001-01-01 00:00:00.0");
    assertThat(trunc("century", "2099-01-01 00:00:00")).isEqualTo("2001-01-01 00:00:00.0");
    assertThat(trunc("millennium", "2000-06-01 00:00:00")).isEqualTo("1001-01-01 00:00:00.0");
    assertThat(trunc("millennia", "2001-06-01 00:00:00")).isEqualTo("2001-01-01 00:00:00.0");
    assertThat(trunc("millennium", "2999-06-01 00:00:00")).isEqualTo("2001-01-01 00:00:00.0");
  }

  @Test
  void theUnitIsReadIgnoringCaseAndSpaces() {
    assertThat(trunc("  Month ", "2023-08-17 13:45:56")).isEqualTo("2023-08-01 00:00:00.0");
    assertThat(trunc("YEAR", "2023-08-17 13:45:56")).isEqualTo("2023-01-01 00:00:00.0");
  }

  @Test
  void anUnknownUnitIsAnErrorListingTheKnownOnes() {
    assertInvalid(() -> DateFunctions.dateTrunc("fortnight", ts("2023-08-17 00:00:00")),
        "DATE_TRUNC: unit 'fortnight' is not known: use one of microseconds, milliseconds, "
            + "second, minute, hour, day, week, month, quarter, year, decade, century, "
            + "millennium.");
  }

  @Test
  void dateTruncOfNullIsNull() {
    assertThat(DateFunctions.dateTrunc(null, ts("2023-08-17 00:00:00"))).isNull();
    assertThat(DateFunctions.dateTrunc("day", null)).isNull();
    assertThat(DateFunctions.dateTrunc("fortnight", null)).isNull();
  }

  @Test
  void strftimeWritesAndStrptimeReads() {
    assertThat(DateFunctions.strftime(ts("2023-08-17 13:45:56"), "%d.%m.%Y %H:%M"))
        .isEqualTo("17.08.2023 13:45");
    assertThat(DateFunctions.strftime(null, "%Y")).isNull();
    assertThat(DateFunctions.strftime(ts("2023-08-17 13:45:56"), null)).isNull();
    assertThat(DateFunctions.strptime("17.08.2023 13:45", "%d.%m.%Y %H:%M"))
        .isEqualTo(ts("2023-08-17 13:45:00"));
    assertThat(DateFunctions.strptime(null, "%Y")).isNull();
    assertThat(DateFunctions.strptime("2023", null)).isNull();
    assertInvalid(() -> DateFunctions.strptime("17/08/2023", "%d.%m.%Y"),
        "STRPTIME: '17/08/2023' does not match the format '%d.%m.%Y'");
    assertInvalid(() -> DateFunctions.strftime(ts("2023-08-17 13:45:56"), "%Q"),
        "STRFTIME: format '%Q' has the unknown specifier %Q");
  }

  @Test
  void tryStrptimeGivesNullForTextThatDoesNotFitButFailsOnAnUnknownSpecifier() {
    assertThat(DateFunctions.tryStrptime("2023-08-17", "%Y-%m-%d"))
        .isEqualTo(ts("2023-08-17 00:00:00"));
    assertThat(DateFunctions.tryStrptime("17/08/2023", "%Y-%m-%d")).isNull();
    assertThat(DateFunctions.tryStrptime("2023-02-30", "%Y-%m-%d")).isNull();
    assertThat(DateFunctions.tryStrptime(null, "%Y")).isNull();
    assertThat(DateFunctions.tryStrptime("2023", null)).isNull();
    assertInvalid(() -> DateFunctions.tryStrptime("2023", "%Y %Q"),
        "TRY_STRPTIME: format '%Y %Q' has the unknown specifier %Q");
    assertInvalid(() -> DateFunctions.tryStrptime("x", "%Q"), "unknown specifier %Q");
  }

  @Test
  void dayAndMonthNamesInEnglish() {
    assertThat(DateFunctions.dayname(ts("2023-08-17 13:45:56"))).isEqualTo("Thursday");
    assertThat(DateFunctions.dayname(ts("2023-08-20 00:00:00"))).isEqualTo("Sunday");
    assertThat(DateFunctions.monthname(ts("2023-08-17 13:45:56"))).isEqualTo("August");
    assertThat(DateFunctions.monthname(ts("2023-01-01 00:00:00"))).isEqualTo("January");
    assertThat(DateFunctions.dayname(null)).isNull();
    assertThat(DateFunctions.monthname(null)).isNull();
  }

  @Test
  void makeDateBuildsADateOrSaysWhyNot() {
    assertThat(DateFunctions.makeDate(2024, 2, 29)).isEqualTo(Date.valueOf("2024-02-29"));
    assertThat(DateFunctions.makeDate(null, 2, 29)).isNull();
    assertThat(DateFunctions.makeDate(2024, null, 29)).isNull();
    assertThat(DateFunctions.makeDate(2024, 2, null)).isNull();
    assertInvalid(() -> DateFunctions.makeDate(2023, 2, 29), "MAKE_DATE(2023, 2, 29): ");
    assertThatThrownBy(() -> DateFunctions.makeDate(2023, 13, 1)).hasMessageStartingWith(
        "MAKE_DATE(2023, 13, 1): ").hasMessageEndingWith(".");
  }
}
