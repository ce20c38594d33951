package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * CORR, the REGR_* aggregates and the covariances as Calcite drives them (init, add (y, x) per
 * row, merge, result), against values worked out by hand: a perfect line, a noisy one, no spread,
 * one pair, an empty group, large values with a small spread.
 */
class RegressionTest {
  /** y = 2x + 1 at x = 1..4, then one point off the line. */
  private static final double[][] PAIRS = {{3, 1}, {5, 2}, {7, 3}, {9, 4}, {10, 5}};

  private static Regression.Sums sums(Regression r, double[][] pairs) {
    Regression.Sums s = r.init();
    for (double[] p : pairs) {
      assertThat(r.add(s, p[0], p[1])).isSameAs(s);
    }
    return s;
  }

  private static final Regression.Sums LINE = sums(new Regression.Corr(), new double[][] {
      {3, 1}, {5, 2}, {7, 3}, {9, 4}});
  private static final Regression.Sums NOISY = sums(new Regression.Corr(), PAIRS);
  private static final Regression.Sums EMPTY = new Regression.Corr().init();
  private static final Regression.Sums ONE = sums(new Regression.Corr(), new double[][] {{2, 5}});

  @Test
  void sumsAreMeansAndCoMoments() {
    // x = 1..5, y = 3,5,7,9,10: means 3 and 6.8; sxx = 10, syy = 32.8, sxy = 18.
    assertThat(NOISY.n).isEqualTo(5);
    assertThat(NOISY.meanX).isCloseTo(3, within(1e-12));
    assertThat(NOISY.meanY).isCloseTo(6.8, within(1e-12));
    assertThat(NOISY.sxx).isCloseTo(10, within(1e-12));
    assertThat(NOISY.syy).isCloseTo(32.8, within(1e-12));
    assertThat(NOISY.sxy).isCloseTo(18, within(1e-12));
  }

  @Test
  void aPerfectLine() {
    assertThat(new Regression.Corr().result(LINE)).isCloseTo(1.0, within(1e-12));
    assertThat(new Regression.Slope().result(LINE)).isCloseTo(2.0, within(1e-12));
    assertThat(new Regression.Intercept().result(LINE)).isCloseTo(1.0, within(1e-12));
    assertThat(new Regression.R2().result(LINE)).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void aNoisyLine() {
    assertThat(new Regression.Corr().result(NOISY))
        .isCloseTo(18 / Math.sqrt(10 * 32.8), within(1e-12));
    assertThat(new Regression.Slope().result(NOISY)).isCloseTo(1.8, within(1e-12));
    assertThat(new Regression.Intercept().result(NOISY)).isCloseTo(6.8 - 1.8 * 3,
        within(1e-12));
    assertThat(new Regression.R2().result(NOISY)).isCloseTo(18.0 * 18 / (10 * 32.8),
        within(1e-12));
    assertThat(new Regression.AvgX().result(NOISY)).isCloseTo(3, within(1e-12));
    assertThat(new Regression.AvgY().result(NOISY)).isCloseTo(6.8, within(1e-12));
    assertThat(new Regression.Sxx().result(NOISY)).isCloseTo(10, within(1e-12));
    assertThat(new Regression.Syy().result(NOISY)).isCloseTo(32.8, within(1e-12));
    assertThat(new Regression.Sxy().result(NOISY)).isCloseTo(18, within(1e-12));
    assertThat(new Regression.CovarPop().result(NOISY)).isCloseTo(3.6, within(1e-12));
    assertThat(new Regression.CovarSamp().result(NOISY)).isCloseTo(4.5, within(1e-12));
  }

  @Test
  void anEmptyGroupIsNullEverywhere() {
    assertThat(new Regression.Corr().result(EMPTY)).isNull();
    assertThat(new Regression.Slope().result(EMPTY)).isNull();
    assertThat(new Regression.Intercept().result(EMPTY)).isNull();
    assertThat(new Regression.R2().result(EMPTY)).isNull();
    assertThat(new Regression.AvgX().result(EMPTY)).isNull();
    assertThat(new Regression.AvgY().result(EMPTY)).isNull();
    assertThat(new Regression.Sxx().result(EMPTY)).isNull();
    assertThat(new Regression.Syy().result(EMPTY)).isNull();
    assertThat(new Regression.Sxy().result(EMPTY)).isNull();
    assertThat(new Regression.CovarPop().result(EMPTY)).isNull();
    assertThat(new Regression.CovarSamp().result(EMPTY)).isNull();
  }

  @Test
  void onePairHasMeansAndZeroSumsButNoSlopeNorSampleCovariance() {
    assertThat(new Regression.AvgX().result(ONE)).isEqualTo(5.0);
    assertThat(new Regression.AvgY().result(ONE)).isEqualTo(2.0);
    assertThat(new Regression.Sxx().result(ONE)).isEqualTo(0.0);
    assertThat(new Regression.Syy().result(ONE)).isEqualTo(0.0);
    assertThat(new Regression.Sxy().result(ONE)).isEqualTo(0.0);
    assertThat(new Regression.CovarPop().result(ONE)).isEqualTo(0.0);
    assertThat(new Regression.CovarSamp().result(ONE)).isNull();
    assertThat(new Regression.Slope().result(ONE)).isNull();
    assertThat(new Regression.Intercept().result(ONE)).isNull();
    assertThat(new Regression.R2().result(ONE)).isNull();
    assertThat(new Regression.Corr().result(ONE)).isNull();
  }

  @Test
  void twoPairsHaveASampleCovariance() {
    Regression.Sums two = sums(new Regression.CovarSamp(), new double[][] {{1, 1}, {3, 2}});
    assertThat(new Regression.CovarSamp().result(two)).isCloseTo(1.0, within(1e-12));
    assertThat(new Regression.CovarPop().result(two)).isCloseTo(0.5, within(1e-12));
  }

  @Test
  void withoutSpreadInYTheCorrelationIsNullAndR2IsOne() {
    Regression.Sums flat = sums(new Regression.R2(), new double[][] {{4, 1}, {4, 2}, {4, 3}});
    assertThat(new Regression.Corr().result(flat)).isNull();
    assertThat(new Regression.R2().result(flat)).isEqualTo(1.0);
    assertThat(new Regression.Slope().result(flat)).isEqualTo(0.0);
    assertThat(new Regression.Intercept().result(flat)).isEqualTo(4.0);
  }

  @Test
  void withoutSpreadInXThereIsNoLine() {
    Regression.Sums upright = sums(new Regression.Slope(),
        new double[][] {{1, 2}, {5, 2}, {9, 2}});
    assertThat(new Regression.Corr().result(upright)).isNull();
    assertThat(new Regression.Slope().result(upright)).isNull();
    assertThat(new Regression.Intercept().result(upright)).isNull();
    assertThat(new Regression.R2().result(upright)).isNull();
    assertThat(new Regression.Syy().result(upright)).isCloseTo(32, within(1e-12));
  }

  @Test
  void largeValuesWithASmallSpreadKeepTheirDigits() {
    double base = 1e9;
    Regression.Sums s = sums(new Regression.Sxx(), new double[][] {
        {base + 1, base + 1}, {base + 2, base + 2}, {base + 3, base + 3}});
    assertThat(new Regression.Sxx().result(s)).isCloseTo(2.0, within(1e-6));
    assertThat(new Regression.Corr().result(s)).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void mergingTwoGroupsIsAddingTheirPairsToOne() {
    Regression r = new Regression.Sxy();
    Regression.Sums a = sums(r, new double[][] {{3, 1}, {5, 2}});
    Regression.Sums b = sums(r, new double[][] {{7, 3}, {9, 4}, {10, 5}});
    Regression.Sums merged = r.merge(a, b);
    assertThat(merged.n).isEqualTo(5);
    assertThat(merged.meanX).isCloseTo(NOISY.meanX, within(1e-12));
    assertThat(merged.meanY).isCloseTo(NOISY.meanY, within(1e-12));
    assertThat(merged.sxx).isCloseTo(NOISY.sxx, within(1e-12));
    assertThat(merged.syy).isCloseTo(NOISY.syy, within(1e-12));
    assertThat(merged.sxy).isCloseTo(NOISY.sxy, within(1e-12));
    assertThat(a.n).as("the parts are left as they were").isEqualTo(2);
    Regression.Sums reversed = r.merge(b, a);
    assertThat(reversed.sxy).isCloseTo(NOISY.sxy, within(1e-12));
    assertThat(reversed.meanX).isCloseTo(NOISY.meanX, within(1e-12));
  }

  @Test
  void mergingWithAnEmptyGroupGivesTheOther() {
    Regression r = new Regression.Corr();
    Regression.Sums a = sums(r, new double[][] {{3, 1}, {5, 2}});
    assertThat(r.merge(a, r.init())).isSameAs(a);
    assertThat(r.merge(r.init(), a)).isSameAs(a);
    Regression.Sums e1 = r.init();
    assertThat(r.merge(e1, r.init())).isSameAs(e1);
  }
}
