package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.scan.PartialAggregation.Kind;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One batch of rows reduced to a row per group, value by value. */
class PartialAggregationTest {
  private static List<List<Object>> reduce(PartialAggregation p, Object... rows) {
    return Arrays.stream(p.reduce(rows, rows.length))
        .map(r -> r instanceof Object[] a ? Arrays.asList(a) : Arrays.asList(r)).toList();
  }

  @Test
  void groupsInOrderOfFirstSightIncludingTheNullGroup() {
    PartialAggregation p = new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.COUNT, Kind.SUM_LONG, Kind.MIN, Kind.MAX},
        new int[] {-1, 1, 1, 2, 2}, new boolean[5]);

    List<List<Object>> out = reduce(p,
        new Object[] {"b", 5L, "x"}, new Object[] {null, null, null},
        new Object[] {"b", null, "a"}, new Object[] {"a", 7L, "m"}, new Object[] {"b", 1L, "z"});

    assertThat(out).containsExactly(
        Arrays.asList("b", 3L, 2L, 6L, "a", "z"),
        Arrays.asList(null, 1L, 0L, null, null, null),
        Arrays.asList("a", 1L, 1L, 7L, "m", "m"));
  }

  @Test
  void severalKeysCompareByContent() {
    PartialAggregation p = new PartialAggregation(3, new int[] {0, 1},
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);

    List<List<Object>> out = reduce(p, new Object[] {"a", null, 1}, new Object[] {"a", 2, 1},
        new Object[] {"a", null, 9});

    assertThat(out).containsExactly(Arrays.asList("a", null, 2L), Arrays.asList("a", 2, 1L));
  }

  @Test
  void integerSumsAreExactBigintsAndDecimalsAreExact() {
    PartialAggregation p = new PartialAggregation(2, new int[0],
        new Kind[] {Kind.SUM_LONG, Kind.SUM_DECIMAL}, new int[] {0, 1}, new boolean[2]);

    List<List<Object>> out = reduce(p,
        new Object[] {Integer.MAX_VALUE, new BigDecimal("0.10")},
        new Object[] {2, new BigDecimal("0.2")}, new Object[] {null, new BigDecimal("1E+2")});

    assertThat(out).containsExactly(
        Arrays.asList(Integer.MAX_VALUE + 2L, new BigDecimal("100.30")));
  }

  @Test
  void aBigintSumBeyondRangeFailsInsteadOfWrapping() {
    PartialAggregation p = new PartialAggregation(1, new int[0], new Kind[] {Kind.SUM_LONG},
        new int[] {0}, new boolean[1]);

    assertThatThrownBy(() -> reduce(p, Long.MAX_VALUE - 1, 1L, 1L))
        .isInstanceOf(CsvwsException.class).hasMessageContaining("past BIGINT's range");
    assertThat(reduce(p, Long.MAX_VALUE - 1, 1L, -5L))
        .containsExactly(List.of(Long.MAX_VALUE - 5));
  }

  @Test
  void aSumOfNoValuesIsNullOrZeroAsTheCallSays() {
    PartialAggregation p = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.SUM_DOUBLE, Kind.SUM_DOUBLE, Kind.SUM_LONG, Kind.SUM_DECIMAL},
        new int[] {0, 0, 0, 0}, new boolean[] {false, true, true, true});

    List<List<Object>> out = reduce(p, (Object) null, null);

    assertThat(out).containsExactly(Arrays.asList(null, 0.0, 0L, BigDecimal.ZERO));
  }

  @Test
  void aSingleValueRowAndASingleValueResultAreBare() {
    PartialAggregation p = new PartialAggregation(1, new int[] {0}, new Kind[0], new int[0],
        new boolean[0]);

    Object[] out = p.reduce(new Object[] {"x", "y", "x"}, 3);

    assertThat(out).containsExactly("x", "y");
  }

  @Test
  void rowsThatHardlyGroupArePassedOnOneByOneWithTheSameValues() {
    PartialAggregation p = new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.COUNT, Kind.SUM_LONG, Kind.SUM_DECIMAL, Kind.MAX},
        new int[] {-1, 1, 1, 2, 2}, new boolean[] {false, false, false, true, false});
    PartialAggregation.Reducer reducer = p.reducer();
    Object[] distinct = new Object[100];
    for (int i = 0; i < distinct.length; i++) {
      distinct[i] = new Object[] {"k" + i, i % 3 == 0 ? null : i, i % 5 == 0 ? null
          : BigDecimal.valueOf(i)};
    }

    Object[] first = reducer.apply(distinct.clone(), 100);
    assertThat(reducer.reducing()).isFalse();
    Object[] second = reducer.apply(distinct.clone(), 100);

    // The same partial rows, whether reduced or passed on.
    assertThat(second).hasSize(100);
    for (int i = 0; i < 100; i++) {
      assertThat((Object[]) second[i]).containsExactly((Object[]) first[i]);
    }
    assertThat((Object[]) second[5]).containsExactly("k5", 1L, 1L, 5L, BigDecimal.ZERO, null);
    assertThat((Object[]) second[3]).containsExactly("k3", 1L, 0L, null, BigDecimal.valueOf(3),
        BigDecimal.valueOf(3));
  }

  @Test
  void rowsThatGroupWellKeepBeingReduced() {
    PartialAggregation p = new PartialAggregation(1, new int[] {0}, new Kind[] {Kind.COUNT_ROWS},
        new int[] {-1}, new boolean[1]);
    PartialAggregation.Reducer reducer = p.reducer();
    Object[] rows = new Object[1000];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = "g" + i % 7;
    }

    for (int batch = 0; batch < 3; batch++) {
      assertThat(reducer.apply(rows.clone(), rows.length)).hasSize(7);
    }
    assertThat(reducer.reducing()).isTrue();
  }
}
