package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/**
 * C/DuckDB strftime formats: each specifier written and read, padding, 12-hour clocks, names in
 * any case, whitespace, text that does not match, dates that do not exist, unknown specifiers.
 */
class StrftimeFormatTest {
  /** Sunday 5 March 2023, 14:07:09.000123. */
  private static final LocalDateTime T = LocalDateTime.of(2023, 3, 5, 14, 7, 9, 123_000);

  private static String format(String f, LocalDateTime t) {
    return StrftimeFormat.of("STRFTIME", f).format(t);
  }

  private static LocalDateTime parse(String f, String text) {
    return StrftimeFormat.of("STRPTIME", f).parse(text);
  }

  private static void assertInvalid(Runnable r, String message) {
    assertThatThrownBy(r::run).isInstanceOf(CsvwsException.class)
        .satisfies(e -> assertThat(((CsvwsException) e).code())
            .isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageContaining(message);
  }

  @Test
  void everySpecifierIsWritten() {
    assertThat(format("%Y-%m-%d %H:%M:%S", T)).isEqualTo("2023-03-05 14:07:09");
    assertThat(format("%y|%e|%I|%p|%f|%j|%w", T)).isEqualTo("23|5|02|PM|000123|064|0");
    assertThat(format("%b %B %a %A %%", T)).isEqualTo("Mar March Sun Sunday %");
    assertThat(format("plain text", T)).isEqualTo("plain text");
    assertThat(format("", T)).isEmpty();
    assertThat(format("100%", T)).as("a lone % at the end is itself").isEqualTo("100%");
  }

  @Test
  void twelveHourClockAndPadding() {
    LocalDateTime midnight = LocalDateTime.of(2009, 1, 1, 0, 0, 0);
    assertThat(format("%I %p", midnight)).isEqualTo("12 AM");
    assertThat(format("%I %p", midnight.withHour(12))).isEqualTo("12 PM");
    assertThat(format("%I %p", midnight.withHour(11))).isEqualTo("11 AM");
    assertThat(format("%I %p", midnight.withHour(23))).isEqualTo("11 PM");
    assertThat(format("%y %j %f %w", midnight)).isEqualTo("09 001 000000 4");
    assertThat(format("%j %e %d", LocalDateTime.of(2024, 12, 31, 0, 0))).isEqualTo(
        "366 31 31");
    assertThat(format("%w %a", LocalDateTime.of(2024, 1, 6, 0, 0))).isEqualTo("6 Sat");
    assertThat(format("%w", LocalDateTime.of(2024, 1, 1, 0, 0))).isEqualTo("1");
    assertThat(format("%Y %y", LocalDateTime.of(-5, 1, 1, 0, 0))).isEqualTo("-5 95");
  }

  @Test
  void anUnknownSpecifierIsAnErrorWhenWritten() {
    assertInvalid(() -> format("%Q", T), "STRFTIME: format '%Q' has the unknown specifier %Q");
  }

  @Test
  void everySpecifierIsRead() {
    assertThat(parse("%Y-%m-%d %H:%M:%S", "2023-03-05 14:07:09")).isEqualTo(T.withNano(0));
    assertThat(parse("%d/%m/%y", "05/03/23")).isEqualTo(LocalDateTime.of(2023, 3, 5, 0, 0));
    assertThat(parse("%e.%m.%Y", "5.3.2023")).isEqualTo(LocalDateTime.of(2023, 3, 5, 0, 0));
    assertThat(parse("%Y %j", "2024 060")).isEqualTo(LocalDateTime.of(2024, 2, 29, 0, 0));
    assertThat(parse("%Y %j", "2024 1")).isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
    assertThat(parse("%H:%M:%S.%f", "01:02:03.000123"))
        .isEqualTo(LocalDateTime.of(1970, 1, 1, 1, 2, 3, 123_000));
    assertThat(parse("%S.%f", "03.5")).as("fewer digits are a fraction")
        .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 3, 500_000_000));
    assertThat(parse("%S.%f", "03.12")).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 3,
        120_000_000));
    assertThat(parse("%%%Y", "%2001")).isEqualTo(LocalDateTime.of(2001, 1, 1, 0, 0));
    assertThat(parse("", "")).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0));
    assertThat(parse("%Y", "-44")).isEqualTo(LocalDateTime.of(-44, 1, 1, 0, 0));
    assertThat(parse("%Y%m%d", "20230305")).as("digits cut at each width")
        .isEqualTo(LocalDateTime.of(2023, 3, 5, 0, 0));
    assertThat(parse("%H%M", "0102")).isEqualTo(LocalDateTime.of(1970, 1, 1, 1, 2));
  }

  @Test
  void twoDigitYearsFollowC() {
    assertThat(parse("%y", "68").getYear()).isEqualTo(2068);
    assertThat(parse("%y", "69").getYear()).isEqualTo(1969);
    assertThat(parse("%y", "00").getYear()).isEqualTo(2000);
    assertThat(parse("%y", "99").getYear()).isEqualTo(1999);
  }

  @Test
  void twelveHourClockIsRead() {
    assertThat(parse("%I:%M %p", "12:30 AM").getHour()).isZero();
    assertThat(parse("%I:%M %p", "12:30 PM").getHour()).isEqualTo(12);
    assertThat(parse("%I:%M %p", "01:30 pm").getHour()).isEqualTo(13);
    assertThat(parse("%I:%M %p", "11:30 am").getHour()).isEqualTo(11);
    assertThat(parse("%I:%M", "11:30").getHour()).as("no %p: as written").isEqualTo(11);
    assertThat(parse("%H", "23").getHour()).isEqualTo(23);
    assertInvalid(() -> parse("%I %p", "01 XM"), "does not match the format '%I %p'");
    assertInvalid(() -> parse("%I %p", "01 A"), "does not match");
  }

  @Test
  void namesAreReadInAnyCaseFullOrShort() {
    assertThat(parse("%d %b %Y", "05 mar 2023")).isEqualTo(LocalDateTime.of(2023, 3, 5, 0, 0));
    assertThat(parse("%d %B %Y", "05 MARCH 2023")).isEqualTo(LocalDateTime.of(2023, 3, 5, 0,
        0));
    assertThat(parse("%a %d %b %Y", "Sun 05 Sept 2023")).isEqualTo(LocalDateTime.of(2023, 9,
        5, 0, 0));
    assertThat(parse("%A, %d.%m.%Y", "Sunday, 05.03.2023")).isEqualTo(LocalDateTime.of(2023,
        3, 5, 0, 0));
    assertThat(parse("%b%d", "Dec31")).isEqualTo(LocalDateTime.of(1970, 12, 31, 0, 0));
    assertInvalid(() -> parse("%b", "Foo"), "does not match");
    assertThat(parse("%a%Y", "Fri2023").getYear()).isEqualTo(2023);
    assertInvalid(() -> parse("%a", "Fry"), "does not match");
    assertInvalid(() -> parse("%b", ""), "does not match");
  }

  @Test
  void whitespaceInTheFormatReadsAnyRunOfWhitespace() {
    assertThat(parse("%Y %m", "2023   03")).isEqualTo(LocalDateTime.of(2023, 3, 1, 0, 0));
    assertThat(parse("%Y %m", "202303")).isEqualTo(LocalDateTime.of(2023, 3, 1, 0, 0));
    assertThat(parse("%Y\t%m", "2023 \t 03")).isEqualTo(LocalDateTime.of(2023, 3, 1, 0, 0));
    assertThat(parse("%Y ", "2023")).isEqualTo(LocalDateTime.of(2023, 1, 1, 0, 0));
    assertInvalid(() -> parse("%Y-%m", "2023 03"), "does not match");
  }

  @Test
  void textThatDoesNotMatchIsAnErrorNamingTextAndFormat() {
    assertInvalid(() -> parse("%Y-%m-%d", "2023/03/05"),
        "STRPTIME: '2023/03/05' does not match the format '%Y-%m-%d'. Specifiers:");
    assertInvalid(() -> parse("%Y-%m-%d", "2023-03"), "does not match");
    assertInvalid(() -> parse("%Y", "2023x"), "does not match");
    assertInvalid(() -> parse("%Y", "x"), "does not match");
    assertInvalid(() -> parse("%Y", ""), "does not match");
    assertInvalid(() -> parse("%m", "-3"), "does not match");
    assertInvalid(() -> parse("%Y", "-"), "does not match");
    assertInvalid(() -> parse("%%", "x"), "does not match");
    assertInvalid(() -> parse("%%", ""), "does not match");
    assertInvalid(() -> parse("x", ""), "does not match");
    assertInvalid(() -> parse("%Y%", "2023"), "does not match");
    assertThat(parse("%Y%", "2023%")).as("a lone % at the end is itself")
        .isEqualTo(LocalDateTime.of(2023, 1, 1, 0, 0));
  }

  @Test
  void aDateThatDoesNotExistIsAnError() {
    assertInvalid(() -> parse("%Y-%m-%d", "2023-02-30"),
        "STRPTIME: '2023-02-30' read with format '%Y-%m-%d' is not a valid date or time: ");
    assertInvalid(() -> parse("%Y-%m-%d", "2023-13-01"), "is not a valid date or time");
    assertInvalid(() -> parse("%H:%M", "24:00"), "is not a valid date or time");
    assertInvalid(() -> parse("%Y %j", "2023 366"), "is not a valid date or time");
    assertInvalid(() -> parse("%Y %j", "2023 000"), "is not a valid date or time");
    assertInvalid(() -> parse("%j", "0"), "is not a valid date or time");
  }

  @Test
  void unknownSpecifiersAreErrorsOfTheQuery() {
    assertInvalid(() -> parse("%Y-%Q", "2023-1"),
        "STRPTIME: format '%Y-%Q' has the unknown specifier %Q. Known: %Y %y %m %d %e %H");
    assertInvalid(() -> parse("%w", "1"), "unknown specifier %w");
    assertInvalid(() -> StrftimeFormat.of("TRY_STRPTIME", "%d %Q").check(),
        "TRY_STRPTIME: format '%d %Q' has the unknown specifier %Q");
    assertInvalid(() -> StrftimeFormat.of("TRY_STRPTIME", "%Q").check(), "%Q");
    StrftimeFormat.of("TRY_STRPTIME", "%Y%y%m%d%e%H%I%p%M%S%f%j%b%B%a%A%w%%").check();
    StrftimeFormat.of("TRY_STRPTIME", "100%").check();
    StrftimeFormat.of("TRY_STRPTIME", "").check();
  }
}
