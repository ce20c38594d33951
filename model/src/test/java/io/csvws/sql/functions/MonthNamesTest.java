package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** English month and weekday names: full, three letters, {@code Sept}, any case; else -1. */
class MonthNamesTest {
  @Test
  void monthsFullOrAbbreviatedInAnyCase() {
    assertThat(MonthNames.month("January")).isEqualTo(1);
    assertThat(MonthNames.month("jan")).isEqualTo(1);
    assertThat(MonthNames.month("FEB")).isEqualTo(2);
    assertThat(MonthNames.month("may")).isEqualTo(5);
    assertThat(MonthNames.month("Sep")).isEqualTo(9);
    assertThat(MonthNames.month("Sept")).isEqualTo(9);
    assertThat(MonthNames.month("september")).isEqualTo(9);
    assertThat(MonthNames.month("December")).isEqualTo(12);
    assertThat(MonthNames.month("dec")).isEqualTo(12);
  }

  @Test
  void otherWordsAreNoMonth() {
    assertThat(MonthNames.month("ja")).as("too short").isEqualTo(-1);
    assertThat(MonthNames.month("")).isEqualTo(-1);
    assertThat(MonthNames.month("janu")).as("four letters but Sept").isEqualTo(-1);
    assertThat(MonthNames.month("octo")).isEqualTo(-1);
    assertThat(MonthNames.month("Januaryx")).isEqualTo(-1);
    assertThat(MonthNames.month("xyz")).isEqualTo(-1);
    assertThat(MonthNames.month("Mon")).isEqualTo(-1);
  }

  @Test
  void weekdaysFullOrAbbreviatedMondayFirst() {
    assertThat(MonthNames.weekday("Monday")).isEqualTo(1);
    assertThat(MonthNames.weekday("mon")).isEqualTo(1);
    assertThat(MonthNames.weekday("TUE")).isEqualTo(2);
    assertThat(MonthNames.weekday("sunday")).isEqualTo(7);
    assertThat(MonthNames.weekday("Sun")).isEqualTo(7);
    assertThat(MonthNames.weekday("Sat")).isEqualTo(6);
  }

  @Test
  void otherWordsAreNoWeekday() {
    assertThat(MonthNames.weekday("Mo")).isEqualTo(-1);
    assertThat(MonthNames.weekday("Mond")).isEqualTo(-1);
    assertThat(MonthNames.weekday("")).isEqualTo(-1);
    assertThat(MonthNames.weekday("Jan")).isEqualTo(-1);
    assertThat(MonthNames.weekday("Mondays")).isEqualTo(-1);
  }
}
