package io.csvws.bench;

/**
 * The sizes of the generated data.
 *
 * @param seed the generator's seed
 * @param tallRows rows of tall
 * @param wideRows rows of wide
 * @param wideColumns columns of wide (chr, pos, ref, alt and the samples)
 */
public record Workload(long seed, long tallRows, int wideRows, int wideColumns) {
  public static final long DEFAULT_SEED = 20_260_101L;
  /** The full benchmark: tall about 330 MB, wide about 60 MB. */
  public static final Workload FULL = new Workload(DEFAULT_SEED, 2_000_000, 1_000, 20_000);
  /** The quick mode: 1/20 of the rows, the full width. */
  public static final Workload QUICK = FULL.scaled(1.0 / 20);

  public Workload {
    if (tallRows < 100) {
      throw new IllegalArgumentException("tall needs at least 100 rows, not " + tallRows);
    }
    if (wideRows < 1) {
      throw new IllegalArgumentException("wide needs at least 1 row, not " + wideRows);
    }
    if (wideColumns <= DataGenerator.WIDE_FIXED_COLUMNS + 17) {
      throw new IllegalArgumentException("wide needs more than 21 columns (Q4 reads sample_00017),"
          + " not " + wideColumns);
    }
  }

  /** The same width, {@code factor} times the rows. */
  public Workload scaled(double factor) {
    return new Workload(seed, Math.max(100, Math.round(tallRows * factor)),
        (int) Math.max(1, Math.round(wideRows * factor)), wideColumns);
  }

  public Workload withSeed(long newSeed) {
    return new Workload(newSeed, tallRows, wideRows, wideColumns);
  }

  /** The first row of Q6's range: 1,500,000 of the full 2,000,000, three quarters in general. */
  public long q6FirstRow() {
    return tallRows * 3 / 4;
  }

  /** The last row of Q6's range (21 rows, as 1,500,000 to 1,500,020). */
  public long q6LastRow() {
    return Math.min(tallRows, q6FirstRow() + 20);
  }

  /** A folder name that tells the sizes apart. */
  public String folderName() {
    if (equals(FULL)) {
      return "full";
    }
    if (equals(QUICK)) {
      return "quick";
    }
    return "tall" + tallRows + "-wide" + wideRows + "x" + wideColumns + "-seed" + seed;
  }
}
