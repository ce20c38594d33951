package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Dates in other orders, decimal commas and their inference, as exported by real tools. */
class WildValuesTest {

  private static Object date(String text, DateOrder order) {
    return Parse.of((b, s, e) -> ValueParsers.parseDate(b, s, e, order), text);
  }

  private static int days(String iso) {
    return (int) LocalDate.parse(iso).toEpochDay();
  }

  @ParameterizedTest(name = "{0} as {1}")
  @CsvSource({"2024/12/12,YMD,2024-12-12", "2024.01.31,YMD,2024-01-31",
      "31/12/2024,DMY,2024-12-31", "1/2/2024,DMY,2024-02-01", "31.12.2024,DMY,2024-12-31",
      "31-12-2024,DMY,2024-12-31", "12/31/2024,MDY,2024-12-31", "1/2/2024,MDY,2024-01-02",
      "29/02/2024,DMY,2024-02-29"})
  void datesInEachOrder(String text, DateOrder order, String iso) {
    assertThat(date(text, order)).isEqualTo(days(iso));
  }

  @ParameterizedTest(name = "{0} as {1}")
  @CsvSource(delimiter = '|', value = {"Jan 1 2000|NAMED_MDY|2000-01-01",
      "January 1, 2000|NAMED_MDY|2000-01-01", "sep 30 2024|NAMED_MDY|2024-09-30",
      "Sep. 30, 2024|NAMED_MDY|2024-09-30", "FEBRUARY 29, 2024|NAMED_MDY|2024-02-29",
      "Dec 31, 1999|NAMED_MDY|1999-12-31", "1 January 2000|NAMED_DMY|2000-01-01",
      "01-Jan-2000|NAMED_DMY|2000-01-01", "1-JAN-2000|NAMED_DMY|2000-01-01",
      "31 dec 1999|NAMED_DMY|1999-12-31", "15/Mar/2021|NAMED_DMY|2021-03-15",
      "9 september 2024|NAMED_DMY|2024-09-09"})
  void datesWithTheMonthsName(String text, DateOrder order, String iso) {
    assertThat(date(text, order)).isEqualTo(days(iso));
  }

  @ParameterizedTest(name = "{0} is not {1}")
  @CsvSource(delimiter = '|', value = {"Jan 1 2000|NAMED_DMY", "1 Jan 2000|NAMED_MDY",
      "Janu 1 2000|NAMED_MDY", "Jan 32 2000|NAMED_MDY", "Feb 29 2023|NAMED_MDY",
      "Jan 1 00|NAMED_MDY", "Jan 1  2000|NAMED_MDY", "Jan1 2000|NAMED_MDY",
      "1-Jan 2000|NAMED_DMY", "1 Foo 2000|NAMED_DMY", "123 Jan 2000|NAMED_DMY",
      "Jan 1, 2000x|NAMED_MDY", "01-Jan-2000|DMY"})
  void notDatesWithTheMonthsName(String text, DateOrder order) {
    assertThat(date(text, order)).isSameAs(ValueParsers.MISFIT);
  }

  @Test
  void monthNamesDecideTheOrderOfAColumn() {
    TypeInference first = infer(false, "Jan 1 2000", "February 29, 2024", "dec 31 1999");
    assertThat(first.decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(first.format(0).dateOrder()).isEqualTo(DateOrder.NAMED_MDY);

    TypeInference second = infer(false, "01-Jan-2000", "1-JAN-2000", "31-Dec-1999");
    assertThat(second.decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(second.format(0).dateOrder()).isEqualTo(DateOrder.NAMED_DMY);

    assertThat(infer(false, "Jan 1 2000", "1 Jan 2000").decide(0, true))
        .as("one order per column").isEqualTo(ColumnType.VARCHAR);
  }

  @ParameterizedTest(name = "{0} is not {1}")
  @CsvSource({"2024-12-12,YMD", "12/31/2024,DMY", "31/12/2024,MDY", "29/02/2023,DMY",
      "1/2/24,DMY", "01/02-2024,DMY", "001/02/2024,DMY", "2024/1/2,YMD", "31/12/2024,ISO",
      "12/12/2024x,DMY"})
  void notDatesInThatOrder(String text, DateOrder order) {
    assertThat(date(text, order)).isSameAs(ValueParsers.MISFIT);
  }

  @Test
  void timestampsInOtherOrders() {
    Object t = Parse.of((b, s, e) -> ValueParsers.parseTimestamp(b, s, e, DateOrder.DMY),
        "31/12/2024 23:59:58");
    assertThat(t).isEqualTo(days("2024-12-31") * 86_400_000L + (23 * 3600 + 59 * 60 + 58) * 1000L);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {"1,5|1.5", "-1,25|-1.25", "1.234,56|1234.56",
      "1.234.567,8|1234567.8", "12|12", "0,001|0.001", "+3,0|3.0", "1.234|1234"})
  void decimalCommaNumbers(String text, double expected) {
    assertThat(Parse.of(ValueParsers::parseDecimalComma, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", ",5", "1,", "1.23,4", "12.34.567", "1,2,3", "1 234,5", "a,1",
      "1.2345,6", ".123,4", "-"})
  void notDecimalCommaNumbers(String text) {
    assertThat(Parse.of(ValueParsers::parseDecimalComma, text)).isSameAs(ValueParsers.MISFIT);
  }

  private static TypeInference infer(boolean commaPossible, String... values) {
    TypeInference t = new TypeInference(commaPossible);
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      t.accept(0, b, 0, b.length);
    }
    return t;
  }

  @Test
  void aDayAboveTwelveDecidesTheOrder() {
    TypeInference dmy = infer(false, "05/06/2024", "13/06/2024");
    assertThat(dmy.decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(dmy.format(0).dateOrder()).isEqualTo(DateOrder.DMY);

    TypeInference mdy = infer(false, "05/06/2024", "06/13/2024");
    assertThat(mdy.decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(mdy.format(0).dateOrder()).isEqualTo(DateOrder.MDY);
  }

  @Test
  void datesThatReadBothWaysStayText() {
    TypeInference t = infer(false, "05/06/2024", "01/02/2024");

    assertThat(t.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(t.ambiguity(0)).contains("dd/mm/yyyy").contains("mm/dd/yyyy");
  }

  @Test
  void slashedYearFirstDatesAreDatesNotNumbers() {
    TypeInference t = infer(false, "2024/12/12", "2023/01/01");

    assertThat(t.decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(t.format(0).dateOrder()).isEqualTo(DateOrder.YMD);
  }

  @Test
  void timestampsWithDayFirstDates() {
    TypeInference t = infer(false, "31/12/2024 10:00", "01/01/2025 11:30:00");

    assertThat(t.decide(0, true)).isEqualTo(ColumnType.TIMESTAMP);
    assertThat(t.format(0).dateOrder()).isEqualTo(DateOrder.DMY);
  }

  @Test
  void decimalCommasOnlyWhereTheDelimiterAllowsThem() {
    TypeInference semicolon = infer(true, "1,5", "2", "1.234,50");
    assertThat(semicolon.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(semicolon.format(0).decimalComma()).isTrue();
    assertThat(semicolon.format(0).scale()).isEqualTo(2);

    assertThat(infer(false, "1,5", "2").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
  }

  @Test
  void plainNumbersWinOverDecimalCommaReadings() {
    TypeInference t = infer(true, "1.5", "2.25");

    assertThat(t.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(t.format(0)).isEqualTo(new ValueFormat(DateOrder.ISO, false, List.of(), 2));
    assertThat(infer(true, "12", "7").decide(0, true)).isEqualTo(ColumnType.INTEGER);
  }

  @Test
  void codesWithLeadingZerosStayText() {
    assertThat(infer(true, "01234", "12345").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
  }

  @Test
  void integersBeyondBigintAreDecimal() {
    assertThat(infer(false, "123456789012345678901234", "1").decide(0, true))
        .isEqualTo(ColumnType.DECIMAL);
  }

  @Test
  void nullTokensMatchWholeValuesOnly() {
    NullTokens t = NullTokens.of(java.util.List.of("NA", "N/A"));
    byte[] b = "xNAx".getBytes(StandardCharsets.US_ASCII);

    assertThat(t.matches(b, 1, 3)).isTrue();
    assertThat(t.matches(b, 0, 3)).isFalse();
    assertThat(t.matches(b, 1, 2)).isFalse();
    assertThat(NullTokens.NONE.matches(b, 1, 3)).isFalse();
  }
}
