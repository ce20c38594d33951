package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.open;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PERCENT_RANK and CUME_DIST run with PostgreSQL's meaning, and NTH_VALUE, FIRST_VALUE and
 * LAST_VALUE take their value from the frame, not the partition: each checked against values
 * this test computes itself from the file's rows (ties, NULLs in the ORDER BY column, a
 * partition of one row, several partitions).
 */
class WindowFunctionTest {
  @TempDir
  static Path dir;

  /** One order: its id, status and quantity (null when the file leaves it empty). */
  private record Order(int id, String status, Integer qty) {
  }

  private static final List<Order> ORDERS = List.of(
      new Order(1, "open", 5), new Order(2, "open", 3), new Order(3, "shipped", 7),
      new Order(4, "open", 5), new Order(5, "shipped", null), new Order(6, "open", null),
      new Order(7, "lost", 2), new Order(8, "shipped", 7), new Order(9, "open", 1),
      new Order(10, "shipped", 4), new Order(11, "open", 5), new Order(12, "shipped", null));

  /** Quantities ascending, NULLs last (PostgreSQL's default), then nothing: ties stay peers. */
  private static final Comparator<Order> BY_QTY =
      Comparator.comparing(Order::qty, Comparator.nullsLast(Comparator.naturalOrder()));
  private static final Comparator<Order> BY_ID = Comparator.comparingInt(Order::id);

  @BeforeAll
  static void files() {
    StringBuilder csv = new StringBuilder("order_id,status,qty\n");
    for (Order o : ORDERS) {
      csv.append(o.id()).append(',').append(o.status()).append(',')
          .append(o.qty() == null ? "" : o.qty()).append('\n');
    }
    write(dir, "orders.csv", csv.toString());
  }

  /** The rows of {@code o}'s partition (all rows when {@code partitioned} is false), sorted. */
  private static List<Order> partition(Order o, boolean partitioned, Comparator<Order> order) {
    List<Order> rows = new ArrayList<>();
    for (Order r : ORDERS) {
      if (!partitioned || r.status().equals(o.status())) {
        rows.add(r);
      }
    }
    rows.sort(order);
    return rows;
  }

  private static double percentRank(Order o, boolean partitioned) {
    List<Order> p = partition(o, partitioned, BY_QTY);
    if (p.size() == 1) {
      return 0;
    }
    long before = p.stream().filter(r -> BY_QTY.compare(r, o) < 0).count();
    return (double) before / (p.size() - 1);
  }

  private static double cumeDist(Order o, boolean partitioned) {
    List<Order> p = partition(o, partitioned, BY_QTY);
    long upToPeers = p.stream().filter(r -> BY_QTY.compare(r, o) <= 0).count();
    return (double) upToPeers / p.size();
  }

  /**
   * The {@code n}th quantity of {@code o}'s frame, or null: the frame runs from {@code before}
   * rows before to {@code after} rows after (null: unbounded, or with {@code after} null and
   * {@code before} null the default RANGE frame ending at the last peer).
   */
  private static Integer nth(Order o, Comparator<Order> order, int n, Integer before,
      Integer after, boolean defaultFrame) {
    List<Order> p = partition(o, true, order);
    int i = p.indexOf(o);
    int lo = before == null ? 0 : Math.max(0, i - before);
    int hi;
    if (defaultFrame) {
      hi = i;
      while (hi + 1 < p.size() && order.compare(p.get(hi + 1), o) == 0) {
        hi++;
      }
    } else {
      hi = after == null ? p.size() - 1 : Math.min(p.size() - 1, i + after);
    }
    int at = n < 0 ? hi : lo + n - 1;
    return at <= hi && at >= lo ? p.get(at).qty() : null;
  }

  /** Column 2 of {@code sql} (whose first column is order_id), by order_id. */
  private static Map<Integer, Object> byId(String sql) throws SQLException {
    Map<Integer, Object> out = new HashMap<>();
    try (Connection c = open(dir)) {
      for (List<Object> row : rows(c, sql)) {
        out.put(((Number) row.get(0)).intValue(), row.get(1));
      }
    }
    assertThat(out).hasSize(ORDERS.size());
    return out;
  }

  private static void assertDoubles(String sql, java.util.function.ToDoubleFunction<Order> want)
      throws SQLException {
    Map<Integer, Object> got = byId(sql);
    for (Order o : ORDERS) {
      assertThat(got.get(o.id())).as("order %d of %s", o.id(), sql).isInstanceOf(Double.class);
      assertThat((Double) got.get(o.id())).as("order %d of %s", o.id(), sql)
          .isCloseTo(want.applyAsDouble(o), offset(1e-12));
    }
  }

  private static void assertInts(String sql, java.util.function.Function<Order, Integer> want)
      throws SQLException {
    Map<Integer, Object> got = byId(sql);
    for (Order o : ORDERS) {
      Object g = got.get(o.id());
      assertThat(g == null ? null : ((Number) g).intValue()).as("order %d of %s", o.id(), sql)
          .isEqualTo(want.apply(o));
    }
  }

  @Test
  void percentRankIsRankBelowOverRowsBelowPartitioned() throws SQLException {
    assertDoubles("SELECT order_id, PERCENT_RANK() OVER (PARTITION BY status ORDER BY qty "
        + "NULLS LAST) FROM orders", o -> percentRank(o, true));
  }

  @Test
  void percentRankOverTheWholeTable() throws SQLException {
    assertDoubles("SELECT order_id, PERCENT_RANK() OVER (ORDER BY qty NULLS LAST) FROM orders",
        o -> percentRank(o, false));
  }

  @Test
  void cumeDistCountsPeers() throws SQLException {
    assertDoubles("SELECT order_id, CUME_DIST() OVER (PARTITION BY status ORDER BY qty "
        + "NULLS LAST) FROM orders", o -> cumeDist(o, true));
    assertDoubles("SELECT order_id, CUME_DIST() OVER (ORDER BY qty NULLS LAST) FROM orders",
        o -> cumeDist(o, false));
  }

  @Test
  void withoutOrderByTheyAreRefusedNotGuessed() {
    // PostgreSQL makes all rows peers here; Calcite's validator asks for an ORDER BY instead.
    for (String f : List.of("PERCENT_RANK()", "CUME_DIST()")) {
      SQLException e = SqlFailures.sqlFailure(() -> byId("SELECT order_id, " + f
          + " OVER (PARTITION BY status) FROM orders"));
      assertThat(e.getSQLState()).startsWith("42");
      assertThat(e.getMessage()).contains("require ORDER BY");
    }
  }

  @Test
  void theIssuesQueryRunsAndGivesDoubles() throws SQLException {
    try (Connection c = open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT order_id, PERCENT_RANK() OVER (ORDER BY qty), "
            + "CUME_DIST() OVER (ORDER BY qty) FROM orders")) {
      assertThat(rs.getMetaData().getColumnType(2)).isEqualTo(Types.DOUBLE);
      assertThat(rs.getMetaData().getColumnType(3)).isEqualTo(Types.DOUBLE);
      int n = 0;
      while (rs.next()) {
        Order o = ORDERS.get(rs.getInt(1) - 1);
        // The default null order is the same as PostgreSQL's: NULLs last when ascending.
        assertThat(rs.getDouble(2)).isCloseTo(percentRank(o, false), offset(1e-12));
        assertThat(rs.getDouble(3)).isCloseTo(cumeDist(o, false), offset(1e-12));
        n++;
      }
      assertThat(n).isEqualTo(ORDERS.size());
    }
  }

  @Test
  void nthValueIsNullUntilTheFrameHoldsNRows() throws SQLException {
    assertInts("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status ORDER BY order_id) "
        + "FROM orders", o -> nth(o, BY_ID, 2, null, null, true));
    assertThat(byId("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status "
        + "ORDER BY order_id) FROM orders").get(1)).isNull();
  }

  @Test
  void nthValueFrameIncludesPeers() throws SQLException {
    assertInts("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status ORDER BY qty "
        + "NULLS LAST) FROM orders", o -> nth(o, BY_QTY, 2, null, null, true));
  }

  @Test
  void nthValueWithSlidingFrames() throws SQLException {
    assertInts("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM orders",
        o -> nth(o, BY_ID, 2, 1, 0, false));
    assertInts("SELECT order_id, NTH_VALUE(qty, 3) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders",
        o -> nth(o, BY_ID, 3, 1, 1, false));
    assertInts("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM orders",
        o -> nth(o, BY_ID, 2, null, null, false));
  }

  @Test
  void firstAndLastValueFollowTheFrame() throws SQLException {
    assertInts("SELECT order_id, FIRST_VALUE(qty) OVER (PARTITION BY status ORDER BY qty "
        + "NULLS LAST) FROM orders", o -> nth(o, BY_QTY, 1, null, null, true));
    // The default frame ends at the current row's last peer.
    assertInts("SELECT order_id, LAST_VALUE(qty) OVER (PARTITION BY status ORDER BY qty "
        + "NULLS LAST) FROM orders", o -> nth(o, BY_QTY, -1, null, null, true));
    assertInts("SELECT order_id, LAST_VALUE(qty) OVER (PARTITION BY status ORDER BY order_id) "
        + "FROM orders", o -> nth(o, BY_ID, -1, null, null, true));
    assertInts("SELECT order_id, LAST_VALUE(qty) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM orders",
        o -> nth(o, BY_ID, -1, null, null, false));
    assertInts("SELECT order_id, FIRST_VALUE(qty) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders",
        o -> nth(o, BY_ID, 1, 1, 1, false));
    assertInts("SELECT order_id, LAST_VALUE(qty) OVER (PARTITION BY status ORDER BY order_id "
        + "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders",
        o -> nth(o, BY_ID, -1, 1, 1, false));
  }

  @Test
  void aPartitionOfOneRow() throws SQLException {
    // "lost" has one order, 7.
    Map<Integer, Object> rank = byId("SELECT order_id, PERCENT_RANK() OVER (PARTITION BY status "
        + "ORDER BY qty) FROM orders");
    Map<Integer, Object> dist = byId("SELECT order_id, CUME_DIST() OVER (PARTITION BY status "
        + "ORDER BY qty) FROM orders");
    Map<Integer, Object> nth = byId("SELECT order_id, NTH_VALUE(qty, 1) OVER (PARTITION BY "
        + "status ORDER BY qty) FROM orders");
    assertThat(List.of(rank.get(7), dist.get(7), nth.get(7)))
        .isEqualTo(List.of(0.0, 1.0, 2));
    assertThat(Objects.requireNonNull(ORDERS.get(6).status())).isEqualTo("lost");
  }

  @Test
  void nthValueTakesAPositiveConstantPosition() throws SQLException {
    assertInts("SELECT order_id, NTH_VALUE(qty, CAST(2 AS BIGINT)) OVER (PARTITION BY status "
        + "ORDER BY order_id) FROM orders", o -> nth(o, BY_ID, 2, null, null, true));
    assertInts("SELECT order_id, NTH_VALUE(qty, 3000000000) OVER (PARTITION BY status "
        + "ORDER BY order_id) FROM orders", o -> null);
    SQLException zero = SqlFailures.sqlFailure(() -> byId("SELECT order_id, NTH_VALUE(qty, 0) "
        + "OVER (ORDER BY order_id) FROM orders"));
    assertThat(zero.getSQLState()).isEqualTo("22023");
    assertThat(zero.getMessage()).contains("greater than zero, not 0");
    // Calcite would read the position from the frame's first row: refused, not guessed.
    SQLException column = SqlFailures.sqlFailure(() -> byId("SELECT order_id, "
        + "NTH_VALUE(qty, order_id) OVER (ORDER BY order_id) FROM orders"));
    assertThat(column.getSQLState()).isEqualTo("42000");
    assertThat(column.getMessage()).contains("NTH_VALUE only with a constant position");
  }

  @Test
  void valuesOverAFrameWithExcludeAreRefused() {
    for (String f : List.of("FIRST_VALUE(qty)", "LAST_VALUE(qty)", "NTH_VALUE(qty, 2)")) {
      SQLException e = SqlFailures.sqlFailure(() -> byId("SELECT order_id, " + f + " OVER "
          + "(ORDER BY order_id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) "
          + "FROM orders"));
      assertThat(e.getSQLState()).isEqualTo("42000");
      assertThat(e.getMessage()).contains("EXCLUDE clause", f.substring(0, f.indexOf('(')));
    }
  }

  @Test
  void ignoreNullsIsRefusedByName() {
    for (String f : List.of("FIRST_VALUE(qty)", "LAST_VALUE(qty)", "NTH_VALUE(qty, 2)",
        "LAG(qty)")) {
      SQLException e = SqlFailures.sqlFailure(() -> byId("SELECT order_id, " + f
          + " IGNORE NULLS OVER (ORDER BY order_id) FROM orders"));
      assertThat(e.getSQLState()).isEqualTo("42000");
      assertThat(e.getMessage()).contains(f.substring(0, f.indexOf('(')) + " with IGNORE NULLS");
    }
  }
}
