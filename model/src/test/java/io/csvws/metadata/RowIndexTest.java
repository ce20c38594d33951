package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.workspace.FileFingerprint;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where rows start: the nearest indexed row at or before a row, and how a scan builds it. */
class RowIndexTest {
  private static final FileFingerprint FP = new FileFingerprint(Path.of("/w/a.csv"), 100, 5, "k");

  private static RowIndex index() {
    return new RowIndex(FP, 3000, new long[] {1, 1025, 2049}, new long[] {0, 9000, 18000});
  }

  @Test
  void findsTheNearestIndexedRowAtOrBefore() {
    RowIndex r = index();

    assertThat(r.size()).isEqualTo(3);
    assertThat(r.indexedRowAtOrBefore(1)).isEqualTo(1);
    assertThat(r.indexedRowAtOrBefore(1024)).isEqualTo(1);
    assertThat(r.indexedRowAtOrBefore(1025)).isEqualTo(1025);
    assertThat(r.indexedRowAtOrBefore(2048)).isEqualTo(1025);
    assertThat(r.indexedRowAtOrBefore(3000)).isEqualTo(2049);
    assertThat(r.indexedRowAtOrBefore(0)).isEqualTo(1);
    assertThat(r.offsetOf(1)).isZero();
    assertThat(r.offsetOf(1025)).isEqualTo(9000);
    assertThat(r.offsetOf(2049)).isEqualTo(18000);
    assertThat(r.offsetOf(2500)).isEqualTo(18000);
    assertThat(r.row(2)).isEqualTo(2049);
    assertThat(r.offset(1)).isEqualTo(9000);
  }

  @Test
  void anIndexWithoutOffsetsStartsAtTheTop() {
    RowIndex empty = new RowIndex(FP, 0, new long[0], new long[0]);
    RowIndex late = new RowIndex(FP, 10, new long[] {5}, new long[] {40});

    assertThat(empty.indexedRowAtOrBefore(7)).isEqualTo(1);
    assertThat(empty.offsetOf(1)).isZero();
    assertThat(late.indexedRowAtOrBefore(4)).isEqualTo(1);
    assertThat(late.offsetOf(4)).isZero();
    assertThat(late.offsetOf(5)).isEqualTo(40);
  }

  @Test
  void isAValueOfItsOwnArrays() {
    long[] rows = {1, 1025};
    long[] offsets = {0, 10};
    RowIndex r = new RowIndex(FP, 2000, rows, offsets);
    rows[1] = 7;
    offsets[1] = 7;

    assertThat(r.row(1)).isEqualTo(1025);
    assertThat(r.offset(1)).isEqualTo(10);
    assertThat(r).isEqualTo(new RowIndex(FP, 2000, new long[] {1, 1025}, new long[] {0, 10}))
        .hasSameHashCodeAs(new RowIndex(FP, 2000, new long[] {1, 1025}, new long[] {0, 10}));
    assertThat(r).isNotEqualTo(new RowIndex(FP, 2001, new long[] {1, 1025}, new long[] {0, 10}));
    assertThat(r).isNotEqualTo(new RowIndex(FP, 2000, new long[] {1, 1026}, new long[] {0, 10}));
    assertThat(r).isNotEqualTo(new RowIndex(FP, 2000, new long[] {1, 1025}, new long[] {0, 11}));
    assertThat(r).isNotEqualTo(new RowIndex(new FileFingerprint(Path.of("/w/b.csv"), 100, 5,
        "k"), 2000, new long[] {1, 1025}, new long[] {0, 10}));
    assertThat(r).isNotEqualTo("an index");
    assertThat(r.hashCode()).isNotEqualTo(new RowIndex(FP, 2001, rows, offsets).hashCode());
    assertThat(r).hasToString("RowIndex(2000 rows, 2 offsets)");
    assertThatThrownBy(() -> new RowIndex(FP, 1, new long[] {1}, new long[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rows and offsets differ in length");
  }

  @Test
  void aScanOnOneThreadKeepsEveryStrideThRow() {
    RowIndex.Builder b = new RowIndex.Builder();
    for (long row = 1; row <= 100_000; row++) {
      b.row(row, row * 10);
    }

    RowIndex r = b.build(FP, 100_000);

    assertThat(r.size()).isEqualTo(98);
    assertThat(r.row(0)).isEqualTo(1);
    assertThat(r.offset(0)).isEqualTo(10);
    assertThat(r.row(1)).isEqualTo(1 + RowIndex.STRIDE);
    assertThat(r.row(97)).isEqualTo(1 + 97L * RowIndex.STRIDE);
    assertThat(r.offset(97)).isEqualTo((1 + 97L * RowIndex.STRIDE) * 10);
    assertThat(r.rowCount()).isEqualTo(100_000);
    assertThat(r.fingerprint()).isEqualTo(FP);
  }

  @Test
  void rowsAreAddedInAscendingOrderOnly() {
    RowIndex.Builder b = new RowIndex.Builder();
    b.add(1, 0);
    b.add(5, 50);

    assertThatThrownBy(() -> b.add(5, 60)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row 5 is not after row 5");
    assertThatThrownBy(() -> b.add(4, 60)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row 4 is not after row 5");
    b.add(6, 60);
    RowIndex r = b.build(FP, 6);
    assertThat(r.size()).isEqualTo(3);
    b.add(7, 70);
    assertThat(r.size()).as("built once, not changed by later rows").isEqualTo(3);
    assertThat(new RowIndex.Builder().build(FP, 0).size()).isZero();
  }
}
