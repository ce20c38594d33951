package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.Date;
import org.junit.jupiter.api.Test;

/**
 * MEDIAN, PERCENTILE_CONT and PERCENTILE_DISC as Calcite drives a user-defined aggregate (init,
 * add per row, result): interpolation, picks, unsorted input, one value, an empty group,
 * fractions at and beyond the ends.
 */
class PercentilesTest {
  private static Double median(double... xs) {
    Percentiles.Median m = new Percentiles.Median();
    Percentiles.Values v = m.init();
    for (double x : xs) {
      assertThat(m.add(v, x)).isSameAs(v);
    }
    return m.result(v);
  }

  private static Double cont(double fraction, double... xs) {
    Percentiles.Cont c = new Percentiles.Cont();
    Percentiles.Values v = c.init();
    for (double x : xs) {
      assertThat(c.add(v, x, fraction)).isSameAs(v);
    }
    return c.result(v);
  }

  private static Object disc(double fraction, Object... xs) {
    Percentiles.Disc d = new Percentiles.Disc();
    Percentiles.Disc.Picked p = d.init();
    for (Object x : xs) {
      assertThat(d.add(p, x, fraction)).isSameAs(p);
    }
    return d.result(p);
  }

  @Test
  void theMedianIsTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
    assertThat(median(3, 1, 2)).isEqualTo(2.0);
    assertThat(median(4, 1, 3, 2)).isEqualTo(2.5);
    assertThat(median(7)).isEqualTo(7.0);
    assertThat(median(-1, -3)).isEqualTo(-2.0);
    assertThat(median()).isNull();
  }

  @Test
  void aContinuousPercentileInterpolates() {
    assertThat(cont(0.25, 40, 10, 30, 20)).isCloseTo(17.5, within(1e-12));
    assertThat(cont(0.75, 10, 20, 30, 40)).isCloseTo(32.5, within(1e-12));
    assertThat(cont(0, 30, 10, 20)).isEqualTo(10.0);
    assertThat(cont(1, 30, 10, 20)).isEqualTo(30.0);
    assertThat(cont(0.5, 30, 10, 20)).isEqualTo(20.0);
    assertThat(cont(0.9, 5)).isEqualTo(5.0);
    assertThat(cont(0.5)).isNull();
  }

  @Test
  void aDiscretePercentilePicksAValueKeepingItsType() {
    assertThat(disc(0.5, 4, 1, 3, 2)).isEqualTo(2);
    assertThat(disc(0.51, 4, 1, 3, 2)).isEqualTo(3);
    assertThat(disc(0.25, 4, 1, 3, 2)).isEqualTo(1);
    assertThat(disc(0.26, 4, 1, 3, 2)).isEqualTo(2);
    assertThat(disc(0, 4, 1, 3, 2)).as("the first value").isEqualTo(1);
    assertThat(disc(1, 4, 1, 3, 2)).isEqualTo(4);
    assertThat(disc(0.5, "b", "c", "a")).isEqualTo("b");
    assertThat(disc(0.9, Date.valueOf("2024-01-02"), Date.valueOf("2023-01-01")))
        .isEqualTo(Date.valueOf("2024-01-02"));
    assertThat(disc(0.5)).isNull();
  }

  @Test
  void aFractionOutsideZeroToOneIsAnError() {
    for (double bad : new double[] {-0.01, 1.01, Double.NaN}) {
      assertThatThrownBy(() -> cont(bad, 1, 2)).isInstanceOf(CsvwsException.class)
          .satisfies(e -> assertThat(((CsvwsException) e).code())
              .isEqualTo(ErrorCode.INVALID_ARGUMENT))
          .hasMessage("The percentile fraction " + bad + " is not between 0 and 1: the median "
              + "is PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x).");
      assertThatThrownBy(() -> disc(bad, 1, 2)).isInstanceOf(CsvwsException.class)
          .hasMessageStartingWith("The percentile fraction " + bad);
    }
  }

  @Test
  void continuousReadsTheSortedValues() {
    assertThat(Percentiles.continuous(new double[] {1, 2, 4}, 0.75)).isEqualTo(3.0);
    assertThat(Percentiles.continuous(new double[0], 0.5)).isNull();
    Percentiles.Values v = new Percentiles.Values();
    v.values.add(3.0);
    v.values.add(-1.0);
    v.values.add(2.0);
    assertThat(v.sorted()).containsExactly(-1.0, 2.0, 3.0);
    assertThat(v.values).containsExactly(3.0, -1.0, 2.0);
  }
}
