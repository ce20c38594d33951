package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.sql.IntervalText.Standard;
import io.csvws.sql.IntervalText.Unit;
import org.junit.jupiter.api.Test;

class IntervalTextTest {

  @Test
  void singleUnits() {
    assertThat(IntervalText.parse("1 month")).isEqualTo(new Standard("1", Unit.MONTH, Unit.MONTH));
    assertThat(IntervalText.parse("2 days")).isEqualTo(new Standard("2", Unit.DAY, Unit.DAY));
    assertThat(IntervalText.parse(" 3 HOURS ")).isEqualTo(new Standard("3", Unit.HOUR, Unit.HOUR));
    assertThat(IntervalText.parse("2 weeks")).isEqualTo(new Standard("14", Unit.DAY, Unit.DAY));
    assertThat(IntervalText.parse("1.5 seconds"))
        .isEqualTo(new Standard("1.5", Unit.SECOND, Unit.SECOND));
    assertThat(IntervalText.parse("-1 year")).isEqualTo(new Standard("-1", Unit.YEAR, Unit.YEAR));
  }

  @Test
  void severalUnitsBecomeARange() {
    assertThat(IntervalText.parse("1 year 2 months"))
        .isEqualTo(new Standard("1-2", Unit.YEAR, Unit.MONTH));
    assertThat(IntervalText.parse("1 day 2 hours"))
        .isEqualTo(new Standard("1 2", Unit.DAY, Unit.HOUR));
    assertThat(IntervalText.parse("1 day 30 seconds"))
        .isEqualTo(new Standard("1 0:0:30", Unit.DAY, Unit.SECOND));
    assertThat(IntervalText.parse("2 hours 5 minutes"))
        .isEqualTo(new Standard("2:5", Unit.HOUR, Unit.MINUTE));
  }

  @Test
  void otherTextsAreLeftAlone() {
    assertThat(IntervalText.parse("1")).isNull();
    assertThat(IntervalText.parse("1-2")).isNull();
    assertThat(IntervalText.parse("1 month 2 days")).as("months with days").isNull();
    assertThat(IntervalText.parse("1 fortnight")).isNull();
    assertThat(IntervalText.parse("1.5 days")).isNull();
    assertThat(IntervalText.parse("")).isNull();
  }
}
