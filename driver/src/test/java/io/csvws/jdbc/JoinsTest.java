package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Joins with USING and NATURAL over csvws tables, whose hidden {@code _row} is never part of
 * {@code *} nor matched by NATURAL: PostgreSQL's column order (the USING columns once, first).
 */
class JoinsTest {
  @TempDir
  Path dir;

  private static final int ORDERS = 30;

  @BeforeEach
  void files() {
    StringBuilder orders = new StringBuilder("order_id,customer_id,product_id,quantity\n");
    for (int i = 1; i <= ORDERS; i++) {
      orders.append(i).append(',').append(100 + i % 4).append(',').append(i % 6)
          .append(',').append(i * 2).append('\n');
    }
    write(dir, "orders.csv", orders.toString());
    // products 1..5 (product 0 of the orders has none), plus product 9 without orders
    write(dir, "products.csv", "product_id,category,price\n"
        + "1,tools,10\n2,toys,20\n3,tools,30\n4,food,40\n5,toys,50\n9,none,90\n");
  }

  @Test
  void starWithUsingPutsTheUsingColumnFirstOnce() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      String sql = "SELECT * FROM orders JOIN products USING (product_id) WHERE order_id < 20 "
          + "ORDER BY order_id";
      assertThat(labels(c, sql)).containsExactly("product_id", "order_id", "customer_id",
          "quantity", "category", "price");
      List<List<Object>> expected = new ArrayList<>();
      for (int i = 1; i < 20; i++) {
        int product = i % 6;
        if (product >= 1 && product <= 5) {
          expected.add(List.of(product, i, 100 + i % 4, i * 2, category(product), product * 10));
        }
      }
      assertThat(rows(c, sql).toString()).isEqualTo(expected.toString());
      assertThat(rows(c, "SELECT * FROM orders JOIN products USING (product_id) "
          + "ORDER BY 2 DESC LIMIT 1").get(0).get(1)).as("ordinal counts visible columns")
          .isEqualTo(29);
    }
  }

  @Test
  void starWithOuterJoinsUsing() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      int matched = 0;
      int unmatchedOrders = 0;
      for (int i = 1; i <= ORDERS; i++) {
        if (i % 6 == 0) {
          unmatchedOrders++;
        } else {
          matched++;
        }
      }
      String left = "SELECT * FROM orders LEFT JOIN products USING (product_id)";
      assertThat(labels(c, left)).containsExactly("product_id", "order_id", "customer_id",
          "quantity", "category", "price");
      assertThat(rows(c, left)).hasSize(matched + unmatchedOrders);
      assertThat(column(c, "SELECT product_id FROM (" + left + ") WHERE category IS NULL "
          + "GROUP BY product_id")).containsExactly(0);
      String right = "SELECT * FROM orders RIGHT JOIN products USING (product_id) "
          + "WHERE order_id IS NULL";
      assertThat(rows(c, right).toString())
          .as("the USING column comes from the side that has it")
          .isEqualTo("[[9, null, null, null, none, 90]]");
      String full = "SELECT * FROM orders FULL JOIN products USING (product_id)";
      assertThat(labels(c, full)).containsExactly("product_id", "order_id", "customer_id",
          "quantity", "category", "price");
      assertThat(rows(c, full)).hasSize(matched + unmatchedOrders + 1);
      assertThat(labels(c, "SELECT products.*, o.order_id FROM orders o "
          + "JOIN products USING (product_id)"))
          .containsExactly("product_id", "category", "price", "order_id");
      assertThat(labels(c, "SELECT o.* FROM orders o JOIN products p USING (product_id)"))
          .containsExactly("order_id", "customer_id", "product_id", "quantity");
      assertThat(column(c, "SELECT orders._row FROM orders JOIN products USING (product_id) "
          + "WHERE order_id = 7")).as("_row stays selectable by name").containsExactly(7L);
    }
  }

  @Test
  void naturalJoinMatchesVisibleColumnsOnly() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      List<List<Object>> expected = new ArrayList<>();
      for (int i = 1; i <= ORDERS; i++) {
        if (i % 6 != 0) {
          expected.add(List.of(i, category(i % 6)));
        }
      }
      assertThat(rows(c, "SELECT order_id, category FROM orders NATURAL JOIN products "
          + "ORDER BY order_id").toString()).isEqualTo(expected.toString());
      assertThat(labels(c, "SELECT * FROM orders NATURAL JOIN products"))
          .containsExactly("product_id", "order_id", "customer_id", "quantity", "category",
              "price");
      assertThat(rows(c, "SELECT * FROM orders NATURAL LEFT JOIN products")).hasSize(ORDERS);
      write(dir, "colors.csv", "color\nred\nblue\n");
      assertThat(rows(c, "SELECT * FROM products NATURAL JOIN colors"))
          .as("no common column: every row with every row").hasSize(6 * 2);
    }
  }

  @Test
  void distinctOnKeepsTheFirstRowOfEachGroup() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      // expected: per customer, the smallest order_id; the largest with DESC
      java.util.TreeMap<Integer, int[]> firstLast = new java.util.TreeMap<>();
      for (int i = 1; i <= ORDERS; i++) {
        int[] fl = firstLast.computeIfAbsent(100 + i % 4, k -> new int[] {Integer.MAX_VALUE, 0});
        fl[0] = Math.min(fl[0], i);
        fl[1] = Math.max(fl[1], i);
      }
      List<List<Object>> first = new ArrayList<>();
      List<List<Object>> last = new ArrayList<>();
      firstLast.forEach((k, fl) -> {
        first.add(List.of(k, fl[0]));
        last.add(List.of(k, fl[1]));
      });
      String sql = "SELECT DISTINCT ON (customer_id) customer_id, order_id FROM orders "
          + "ORDER BY customer_id, order_id";
      assertThat(labels(c, sql)).containsExactly("customer_id", "order_id");
      assertThat(rows(c, sql).toString()).isEqualTo(first.toString());
      assertThat(rows(c, "SELECT DISTINCT ON (customer_id) customer_id, order_id FROM orders "
          + "ORDER BY 1, 2 DESC").toString()).isEqualTo(last.toString());
      assertThat(rows(c, "SELECT DISTINCT ON (customer_id) customer_id, order_id FROM orders "
          + "ORDER BY customer_id DESC, order_id LIMIT 2").toString())
          .isEqualTo(List.of(first.get(3), first.get(2)).toString());
      assertThat(rows(c, "SELECT DISTINCT ON (o.customer_id) o.*, p.category FROM orders o "
          + "JOIN products p USING (product_id) ORDER BY o.customer_id, o.order_id"))
          .as("a star in the select list").hasSize(4)
          .allSatisfy(r -> assertThat(r).hasSize(5));
      assertThat(rows(c, "WITH o AS (SELECT * FROM orders) SELECT DISTINCT ON (customer_id) "
          + "customer_id, order_id FROM o ORDER BY customer_id, order_id DESC").toString())
          .as("under WITH").isEqualTo(last.toString());
      assertThat(rows(c, "SELECT DISTINCT ON (customer_id) customer_id AS k, order_id AS n "
          + "FROM orders ORDER BY k, n DESC").toString())
          .as("ORDER BY an output name").isEqualTo(last.toString());
      assertThat(column(c, "SELECT COUNT(*) FROM (SELECT DISTINCT ON (product_id) product_id "
          + "FROM orders)")).as("without ORDER BY: one row per key").containsExactly(6L);
    }
  }

  @Test
  void edgeCasesOfStarsAndDistinctOn() throws SQLException {
    write(dir, "customers.csv", "customer_id,name\n100,ann\n101,bob\n102,cid\n103,dan\n");
    try (Connection c = Queries.open(dir)) {
      String sql = "SELECT * FROM orders JOIN products USING (product_id) "
          + "JOIN customers USING (customer_id) WHERE order_id = 7";
      assertThat(labels(c, sql)).containsExactly("customer_id", "product_id", "order_id",
          "quantity", "category", "price", "name");
      assertThat(rows(c, sql).toString()).isEqualTo("[[103, 1, 7, 14, tools, 10, dan]]");
      assertThat(rows(c, "SELECT orders._row, * FROM orders JOIN products USING (product_id) "
          + "WHERE order_id = 7").toString()).isEqualTo("[[7, 1, 7, 103, 14, tools, 10]]");
      SQLException exclude = Queries.failure(c, "SELECT * EXCLUDE (quantity) FROM orders "
          + "JOIN products USING (product_id)");
      assertThat(exclude.getSQLState()).isEqualTo("42000");
      assertThat(exclude.getMessage()).contains("EXCLUDE", "USING", "list the columns");
      assertThat(rows(c, "SELECT * EXCLUDE (quantity) FROM orders o JOIN products p "
          + "ON o.product_id = p.product_id WHERE order_id = 7").toString())
          .isEqualTo("[[7, 103, 1, 1, tools, 10]]");
      assertThat(labels(c, "SELECT o.* EXCLUDE (quantity) FROM orders o "
          + "JOIN products USING (product_id)"))
          .containsExactly("order_id", "customer_id", "product_id");
      assertThat(rows(c, "SELECT DISTINCT ON (category) category, order_id FROM orders "
          + "NATURAL JOIN products ORDER BY category, order_id DESC").toString())
          .isEqualTo("[[food, 28], [tools, 27], [toys, 29]]");
      SQLException mixed = Queries.failure(c, "SELECT INTERVAL '1 month 2 days' FROM orders");
      assertThat(mixed.getSQLState()).isEqualTo("42000");
      assertThat(mixed.getMessage()).contains("INTERVAL '1 month' + INTERVAL '2 days'");
      assertThat(value(c, "SELECT DATE '2021-01-31' + INTERVAL '1 month' + INTERVAL '2 days' "
          + "FROM orders WHERE order_id = 1")).hasToString("2021-03-02");
    }
  }

  private static String category(int product) {
    return switch (product) {
      case 1, 3 -> "tools";
      case 2, 5 -> "toys";
      case 4 -> "food";
      default -> throw new IllegalArgumentException("no product " + product);
    };
  }
}
