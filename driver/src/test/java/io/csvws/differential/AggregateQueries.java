package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/** Aggregates: COUNT, SUM, AVG, MIN, MAX, DISTINCT, FILTER, HAVING, and sums that need 64 bits. */
final class AggregateQueries {
  private AggregateQueries() {
  }

  static Topic topic() {
    return new Topic("aggregates", List.of(
        q("SELECT COUNT(*) FROM orders"),
        q("SELECT COUNT(customer_id), COUNT(DISTINCT customer_id) FROM orders"),
        q("SELECT SUM(qty), MIN(qty), MAX(qty) FROM orders"),
        q("SELECT AVG(qty) FROM orders"),
        q("SELECT SUM(unit_price), AVG(unit_price), MIN(unit_price), MAX(unit_price) FROM orders"),
        q("SELECT SUM(int_big) FROM orders"),
        q("SELECT SUM(int_big), AVG(int_big) FROM orders WHERE int_big > 0"),
        q("SELECT SUM(big), MIN(big), MAX(big) FROM orders"),
        q("SELECT AVG(big) FROM orders"),
        q("SELECT status, COUNT(*), SUM(qty) FROM orders GROUP BY status"),
        q("SELECT status, AVG(qty) FROM orders GROUP BY status"),
        q("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"),
        q("SELECT customer_id, SUM(qty * unit_price) FROM orders GROUP BY customer_id"),
        q("SELECT status, COUNT(*) FROM orders GROUP BY status HAVING COUNT(*) > 95"),
        q("SELECT product_id, SUM(qty) AS s FROM orders GROUP BY product_id HAVING SUM(qty) > 150"),
        q("SELECT COUNT(*) FILTER (WHERE status = 'shipped'), COUNT(*) FILTER (WHERE qty < 0)"
            + " FROM orders"),
        q("SELECT status, SUM(qty) FILTER (WHERE unit_price > 500) FROM orders GROUP BY status"),
        q("SELECT COUNT(DISTINCT status), COUNT(DISTINCT product_id) FROM orders"),
        q("SELECT SUM(DISTINCT qty), AVG(DISTINCT qty) FROM orders"),
        q("SELECT MIN(ordered_at), MAX(ordered_at), MIN(ship_date), MAX(ship_date) FROM orders"),
        q("SELECT MIN(name), MAX(name) FROM customers"),
        q("SELECT country, COUNT(*) FROM customers GROUP BY country"),
        q("SELECT vip, COUNT(*) FROM customers GROUP BY vip"),
        q("SELECT COUNT(score), SUM(score), AVG(score) FROM customers"),
        q("SELECT city, SUM(balance), COUNT(balance) FROM customers GROUP BY city"),
        q("SELECT SUM(discount), AVG(discount), MAX(discount), MIN(discount) FROM orders"),
        q("SELECT COUNT(*), SUM(qty), AVG(qty), MIN(qty) FROM orders WHERE 1 = 0"),
        q("SELECT status, COUNT(*) FROM orders WHERE 1 = 0 GROUP BY status"),
        q("SELECT EXTRACT(YEAR FROM ordered_at) AS y, COUNT(*) FROM orders"
            + " GROUP BY EXTRACT(YEAR FROM ordered_at)"),
        q("SELECT category, COUNT(*), AVG(price) FROM products GROUP BY category"),
        q("SELECT COUNT(*) FROM customers WHERE vip"),
        q("SELECT status, MAX(unit_price) - MIN(unit_price) FROM orders GROUP BY status"),
        q("SELECT COUNT(*) AS n, SUM(CASE WHEN qty > 10 THEN 1 ELSE 0 END) FROM orders"),
        q("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"
            + " HAVING COUNT(*) >= 8 AND MIN(qty) > 0"),
        q("SELECT SUM(qty) / COUNT(*) FROM orders")
            .duck("SELECT SUM(qty) // COUNT(*) FROM orders", Convention.INTEGER_DIVISION),
        q("SELECT status, SUM(qty) / COUNT(qty) FROM orders GROUP BY status")
            .duck("SELECT status, SUM(qty) // COUNT(qty) FROM orders GROUP BY status",
                Convention.INTEGER_DIVISION),
        q("SELECT SUM(amount), MIN(amount), MAX(amount), AVG(amount) FROM big_numbers"),
        q("SELECT SUM(huge) FROM big_numbers WHERE id <= 30"),
        q("SELECT MIN(huge), MAX(huge), COUNT(huge) FROM big_numbers"),
        q("SELECT SUM(big), MIN(big), MAX(big) FROM big_numbers WHERE id <= 30"),
        q("SELECT MIN(big), MAX(big) FROM big_numbers"),
        q("SELECT SUM(precise), MAX(precise) FROM big_numbers"),
        q("SELECT station, AVG(temp_c), SUM(rain_mm), COUNT(*) FROM stations GROUP BY station"),
        q("SELECT region, SUM(units * price), SUM(units) FROM us_sales GROUP BY region"),
        q("SELECT SUM(c001), AVG(c007), MAX(c150), COUNT(c050), MIN(c299) FROM wide"),
        q("SELECT COUNT(*), COUNT(c), SUM(a), SUM(c) FROM ragged"),
        q("SELECT item, SUM(qty), SUM(price) FROM semicolons GROUP BY item"),
        q("SELECT author, COUNT(note), COUNT(*) FROM notes GROUP BY author"),
        q("SELECT COUNT(*) FILTER (WHERE vip), COUNT(*) FILTER (WHERE NOT vip) FROM customers"),
        q("SELECT \"type\", COUNT(*), SUM(\"value\") FROM events GROUP BY \"type\""),
        q("SELECT ship_date IS NULL, COUNT(*) FROM orders GROUP BY ship_date IS NULL"),
        q("SELECT status, AVG(unit_price) FROM orders GROUP BY status"
            + " HAVING AVG(unit_price) > 400"),
        q("SELECT STDDEV_SAMP(unit_price), VAR_SAMP(unit_price), STDDEV_POP(discount)"
            + " FROM orders"),
        q("SELECT STDDEV_SAMP(qty), VAR_POP(qty) FROM orders"),
        q("SELECT customer_id, MAX(ordered_at) FROM orders WHERE customer_id < 10"
            + " GROUP BY customer_id"),
        q("SELECT COUNT(*) FROM (SELECT DISTINCT customer_id, status FROM orders) t"),
        q("SELECT SUM(qty * unit_price) FROM orders"),
        q("SELECT SUM(unit_price * (1 - discount)) FROM orders")));
  }
}
