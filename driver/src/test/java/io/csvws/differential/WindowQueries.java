package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/** Window functions: ranking, offsets, running aggregates with frames, NTILE, FIRST/LAST_VALUE. */
final class WindowQueries {
  private WindowQueries() {
  }

  static Topic topic() {
    return new Topic("window functions", List.of(
        q("SELECT order_id, ROW_NUMBER() OVER (ORDER BY ordered_at, order_id) FROM orders"),
        q("SELECT order_id, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT order_id, RANK() OVER (ORDER BY qty DESC) FROM orders"),
        q("SELECT order_id, DENSE_RANK() OVER (PARTITION BY status ORDER BY qty) FROM orders"),
        q("SELECT order_id, RANK() OVER (PARTITION BY customer_id ORDER BY unit_price DESC)"
            + " FROM orders"),
        q("SELECT order_id, LAG(qty) OVER (ORDER BY order_id), LEAD(qty, 2) OVER"
            + " (ORDER BY order_id) FROM orders"),
        q("SELECT order_id, LAG(qty, 1, 0) OVER (PARTITION BY status ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT order_id, LEAD(ship_date) OVER (PARTITION BY customer_id ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT order_id, SUM(qty) OVER (ORDER BY order_id) FROM orders"),
        q("SELECT order_id, SUM(qty) OVER (PARTITION BY customer_id ORDER BY order_id"
            + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM orders"),
        q("SELECT order_id, AVG(unit_price) OVER (ORDER BY order_id ROWS BETWEEN 2 PRECEDING"
            + " AND CURRENT ROW) FROM orders"),
        q("SELECT order_id, SUM(qty) OVER (ORDER BY order_id ROWS BETWEEN 1 PRECEDING"
            + " AND 1 FOLLOWING) FROM orders"),
        q("SELECT order_id, AVG(qty) OVER (PARTITION BY status) FROM orders"),
        q("SELECT order_id, AVG(qty) OVER (ORDER BY order_id ROWS BETWEEN 3 PRECEDING"
            + " AND CURRENT ROW) FROM orders"),
        q("SELECT order_id, SUM(qty) OVER (PARTITION BY status), COUNT(*) OVER"
            + " (PARTITION BY customer_id) FROM orders"),
        q("SELECT order_id, NTILE(4) OVER (ORDER BY order_id) FROM orders"),
        q("SELECT order_id, NTILE(3) OVER (PARTITION BY status ORDER BY order_id) FROM orders"),
        q("SELECT order_id, FIRST_VALUE(qty) OVER (PARTITION BY customer_id ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT order_id, LAST_VALUE(qty) OVER (PARTITION BY customer_id ORDER BY order_id"
            + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM orders"),
        q("SELECT order_id, MIN(unit_price) OVER (PARTITION BY status), MAX(ordered_at) OVER"
            + " (PARTITION BY status) FROM orders"),
        q("SELECT order_id, SUM(int_big) OVER (ORDER BY order_id) FROM orders"),
        q("SELECT order_id, SUM(int_big) OVER () FROM orders WHERE order_id < 20"),
        q("SELECT customer_id, order_id FROM (SELECT customer_id, order_id, ROW_NUMBER() OVER"
            + " (PARTITION BY customer_id ORDER BY unit_price DESC, order_id) AS rn FROM orders) t"
            + " WHERE rn <= 2"),
        q("SELECT order_id, PERCENT_RANK() OVER (ORDER BY qty), CUME_DIST() OVER (ORDER BY qty)"
            + " FROM orders"),
        q("SELECT order_id, COUNT(ship_date) OVER (PARTITION BY status ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT status, SUM(qty), RANK() OVER (ORDER BY SUM(qty) DESC) FROM orders"
            + " GROUP BY status"),
        q("SELECT status, SUM(qty) * 100 / SUM(SUM(qty)) OVER () FROM orders GROUP BY status")
            .duck("SELECT status, SUM(qty) * 100 // SUM(SUM(qty)) OVER () FROM orders"
                + " GROUP BY status", Convention.INTEGER_DIVISION),
        q("SELECT event_id, LAG(\"date\") OVER (PARTITION BY customer_id ORDER BY event_id)"
            + " FROM events"),
        q("SELECT order_id, NTH_VALUE(qty, 2) OVER (PARTITION BY status ORDER BY order_id)"
            + " FROM orders"),
        q("SELECT order_id, ROW_NUMBER() OVER (ORDER BY ship_date DESC NULLS LAST, order_id)"
            + " FROM orders"),
        q("SELECT order_id, ROW_NUMBER() OVER (ORDER BY ship_date, order_id) FROM orders"),
        q("SELECT order_id, ROW_NUMBER() OVER (ORDER BY ship_date DESC, order_id) FROM orders"),
        q("SELECT id, SUM(balance) OVER (ORDER BY id) FROM customers"),
        q("SELECT id, AVG(score) OVER (PARTITION BY country) FROM customers"),
        q("SELECT id, DENSE_RANK() OVER (ORDER BY city) FROM customers"),
        q("SELECT order_id, SUM(big) OVER (ORDER BY order_id ROWS BETWEEN 5 PRECEDING"
            + " AND CURRENT ROW) FROM orders"),
        q("SELECT order_id, qty - LAG(qty) OVER (ORDER BY order_id) FROM orders"),
        q("SELECT order_id, SUM(qty) OVER (ORDER BY qty RANGE BETWEEN 2 PRECEDING AND"
            + " CURRENT ROW) FROM orders"),
        q("SELECT order_id, COUNT(*) OVER (), SUM(unit_price) OVER () FROM orders"),
        q("SELECT order_id, MAX(qty) OVER (ORDER BY order_id ROWS BETWEEN CURRENT ROW"
            + " AND 2 FOLLOWING) FROM orders")));
  }
}
