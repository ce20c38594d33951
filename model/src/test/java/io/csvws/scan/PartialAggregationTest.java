package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.scan.PartialAggregation.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
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

  @Test
  void callsArgumentsAndZerosMustMatchAndSomethingMustBeComputed() {
    assertThatThrownBy(() -> new PartialAggregation(2, new int[0], new Kind[] {Kind.COUNT},
        new int[] {0, 1}, new boolean[1])).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("calls and arguments do not match");
    assertThatThrownBy(() -> new PartialAggregation(2, new int[0], new Kind[] {Kind.COUNT},
        new int[] {0}, new boolean[2])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PartialAggregation(2, new int[0], new Kind[0], new int[0],
        new boolean[0])).isInstanceOf(IllegalArgumentException.class);
    assertThat(new PartialAggregation(2, new int[] {0, 1}, new Kind[] {Kind.COUNT_ROWS,
        Kind.MIN, Kind.MAX}, new int[] {-1, 0, 1}, new boolean[3]).outputWidth()).isEqualTo(5);
    assertThat(new PartialAggregation(1, new int[0], new Kind[] {Kind.COUNT}, new int[] {0},
        new boolean[1]).outputWidth()).isEqualTo(1);
  }

  /** Keys {@code g0, g1, ...}: {@code groups} distinct among {@code n} rows. */
  private static Object[] keys(int n, int groups) {
    Object[] rows = new Object[n];
    for (int i = 0; i < n; i++) {
      rows[i] = "g" + i % groups;
    }
    return rows;
  }

  @Test
  void reducingStopsOnlyWhenATellingBatchKeepsMoreThanHalfItsRows() {
    PartialAggregation p = new PartialAggregation(1, new int[] {0}, new Kind[] {Kind.COUNT_ROWS},
        new int[] {-1}, new boolean[1]);

    PartialAggregation.Reducer few = p.reducer();
    assertThat(few.apply(keys(63, 63), 63)).hasSize(63);
    assertThat(few.reducing()).as("63 rows tell nothing").isTrue();

    PartialAggregation.Reducer half = p.reducer();
    assertThat(half.apply(keys(64, 32), 64)).hasSize(32);
    assertThat(half.reducing()).as("exactly half kept").isTrue();

    PartialAggregation.Reducer more = p.reducer();
    assertThat(more.apply(keys(64, 33), 64)).hasSize(33);
    assertThat(more.reducing()).as("33 of 64 kept").isFalse();
    // From now on rows pass one by one, only the n given, each a group of one row.
    Object[] next = more.apply(keys(100, 2), 10);
    assertThat(next).hasSize(10);
    assertThat(next[0]).isEqualTo(new Object[] {"g0", 1L});
    assertThat(next[9]).isEqualTo(new Object[] {"g1", 1L});
  }

  @Test
  void aRowPassedOnAloneHoldsWhatItsGroupOfOneWouldHold() {
    PartialAggregation p = new PartialAggregation(3, new int[0],
        new Kind[] {Kind.COUNT_ROWS, Kind.COUNT, Kind.SUM_LONG, Kind.SUM_DOUBLE, Kind.SUM_DOUBLE,
            Kind.SUM_DECIMAL, Kind.SUM_DECIMAL, Kind.SUM_DECIMAL, Kind.MIN, Kind.MAX,
            Kind.SUM_LONG},
        new int[] {-1, 0, 1, 1, 0, 1, 2, 0, 2, 2, 0},
        new boolean[] {false, false, false, false, true, false, false, true, false, false,
            false});
    Object[] rows = {new Object[] {null, 3, 2.5}, new Object[] {null, 4, null}};
    for (int i = 0; i < rows.length; i++) {
      Object[] one = p.passThrough(new Object[] {rows[i]}, 1);
      Object[] reduced = p.reduce(new Object[] {rows[i]}, 1);
      assertThat((Object[]) one[0]).as("row %d", i).containsExactly((Object[]) reduced[0]);
    }
    assertThat((Object[]) p.passThrough(new Object[] {rows[0]}, 1)[0]).containsExactly(1L, 0L,
        3L, 3.0, 0.0, BigDecimal.valueOf(3), BigDecimal.valueOf(2.5), BigDecimal.ZERO, 2.5, 2.5,
        null);
  }

  @Test
  void decimalSumsOfEachKindOfNumberAreExact() {
    PartialAggregation p = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.SUM_DECIMAL, Kind.SUM_DOUBLE, Kind.COUNT},
        new int[] {0, 0, 0}, new boolean[3]);

    List<List<Object>> out = reduce(p, 1, 2L, 0.5, 0.25f, new BigInteger("1000000000000"),
        new BigDecimal("0.125"));

    assertThat(out).containsExactly(Arrays.asList(new BigDecimal("1000000000003.875"),
        1_000_000_000_003.875, 6L));
  }

  @Test
  void leastAndGreatestKeepTheFirstOfEqualValues() {
    PartialAggregation p = new PartialAggregation(1, new int[0], new Kind[] {Kind.MIN, Kind.MAX},
        new int[] {0, 0}, new boolean[2]);

    List<List<Object>> out = reduce(p, new BigDecimal("2.0"), new BigDecimal("1.0"),
        new BigDecimal("1.00"), new BigDecimal("3.0"), new BigDecimal("3.00"));

    List<Object> row = out.get(0);
    assertThat(((BigDecimal) row.get(0)).scale()).isEqualTo(1);
    assertThat(row.get(0)).isEqualTo(new BigDecimal("1.0"));
    assertThat(row.get(1)).isEqualTo(new BigDecimal("3.0"));
  }

  @Test
  void explainShowsEachCallAndEqualityComparesEveryPart() {
    PartialAggregation p = new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[] {false,
            true});
    assertThat(p).hasToString("group [0], COUNT_ROWS, SUM_LONG0($2)");
    PartialAggregation same = new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[] {false,
            true});
    assertThat(p).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo("group [0]");
    assertThat(p).isNotEqualTo(new PartialAggregation(4, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[] {false,
            true}));
    assertThat(p).isNotEqualTo(new PartialAggregation(3, new int[] {1},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[] {false,
            true}));
    assertThat(p).isNotEqualTo(new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_DOUBLE}, new int[] {-1, 2}, new boolean[] {false,
            true}));
    assertThat(p).isNotEqualTo(new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 1}, new boolean[] {false,
            true}));
    assertThat(p).isNotEqualTo(new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[2]));
    assertThat(p.hashCode()).isNotEqualTo(new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_LONG}, new int[] {-1, 2}, new boolean[2])
        .hashCode());
  }
}
