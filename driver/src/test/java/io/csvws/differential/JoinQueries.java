package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/** Joins of every kind, set operations, subqueries and CTEs. */
final class JoinQueries {
  private JoinQueries() {
  }

  static Topic joins() {
    return new Topic("joins", List.of(
        q("SELECT o.order_id, c.name FROM orders o JOIN customers c ON o.customer_id = c.id"),
        q("SELECT o.order_id, c.name FROM orders o INNER JOIN customers c"
            + " ON o.customer_id = c.id WHERE c.country = 'NA'"),
        q("SELECT o.order_id, c.id, c.city FROM orders o LEFT JOIN customers c"
            + " ON o.customer_id = c.id"),
        q("SELECT o.order_id, c.id FROM orders o RIGHT JOIN customers c ON o.customer_id = c.id"),
        q("SELECT o.order_id, c.id FROM orders o FULL JOIN customers c ON o.customer_id = c.id"),
        q("SELECT o.order_id, p.product_id FROM orders o FULL OUTER JOIN products p"
            + " ON o.product_id = p.product_id WHERE o.order_id IS NULL OR p.product_id IS NULL"),
        q("SELECT COUNT(*) FROM customers CROSS JOIN products"),
        q("SELECT c.id, p.product_id FROM customers c CROSS JOIN products p"
            + " WHERE c.id < 3 AND p.product_id < 4"),
        q("SELECT c.id, p.name FROM customers c, products p WHERE c.id = p.product_id"),
        q("SELECT id FROM customers c WHERE EXISTS (SELECT 1 FROM orders o"
            + " WHERE o.customer_id = c.id)"),
        q("SELECT id FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o"
            + " WHERE o.customer_id = c.id)"),
        q("SELECT id FROM customers WHERE id IN (SELECT customer_id FROM orders"
            + " WHERE status = 'returned')"),
        q("SELECT id FROM customers WHERE id NOT IN (SELECT customer_id FROM orders)"),
        q("SELECT id FROM customers WHERE id NOT IN (SELECT customer_id FROM orders"
            + " WHERE customer_id IS NOT NULL)"),
        q("SELECT product_id FROM products WHERE product_id NOT IN (SELECT product_id"
            + " FROM orders WHERE qty > 19)"),
        q("SELECT a.order_id, b.order_id FROM orders a JOIN orders b"
            + " ON a.customer_id = b.customer_id AND a.order_id < b.order_id"
            + " WHERE a.customer_id < 5"),
        q("SELECT customer_id, COUNT(*) FROM orders JOIN events USING (customer_id)"
            + " GROUP BY customer_id"),
        q("SELECT * FROM orders JOIN products USING (product_id) WHERE order_id < 20")
            .spelled("SELECT product_id, orders.* EXCLUDE (product_id), products.* EXCLUDE "
                + "(product_id) FROM orders JOIN products USING (product_id) WHERE order_id < 20",
                "csvws puts the USING column first, as PostgreSQL does; DuckDB keeps it in place"),
        q("SELECT order_id, category FROM orders NATURAL JOIN products WHERE order_id < 50"),
        q("SELECT p.category, c.country, SUM(o.qty) FROM orders o"
            + " JOIN customers c ON o.customer_id = c.id"
            + " JOIN products p ON o.product_id = p.product_id GROUP BY p.category, c.country"),
        q("SELECT c.country, SUM(o.qty * o.unit_price) FROM orders o JOIN customers c"
            + " ON o.customer_id = c.id GROUP BY c.country"),
        q("SELECT COUNT(*) FROM orders o JOIN products p ON o.unit_price > p.price * 40"),
        q("SELECT c.id, o.order_id FROM customers c LEFT JOIN orders o"
            + " ON o.customer_id = c.id AND o.status = 'returned'"),
        q("SELECT c.id FROM customers c LEFT JOIN orders o ON o.customer_id = c.id"
            + " WHERE o.order_id IS NULL"),
        q("SELECT e.event_id, o.order_id FROM events e JOIN orders o ON e.\"date\" = o.ship_date"),
        q("SELECT COUNT(*) FROM stations s JOIN stations t ON s.station = t.station"
            + " AND s.\"date\" < t.\"date\""),
        q("SELECT c.id, s.name FROM customers c JOIN stations s ON c.country = s.station"),
        q("SELECT a.product_id, a.n, b.price FROM (SELECT product_id, COUNT(*) AS n FROM orders"
            + " GROUP BY product_id) a FULL JOIN products b ON a.product_id = b.product_id"),
        q("SELECT c.name, COUNT(o.order_id) FROM customers c LEFT JOIN orders o"
            + " ON o.customer_id = c.id GROUP BY c.id, c.name"),
        q("SELECT p.name, SUM(o.qty) FROM products p LEFT JOIN orders o"
            + " ON o.product_id = p.product_id AND o.qty > 0 GROUP BY p.name"),
        q("SELECT o.order_id, c.id, p.product_id FROM orders o LEFT JOIN customers c"
            + " ON o.customer_id = c.id LEFT JOIN products p ON o.product_id = p.product_id"
            + " WHERE o.order_id BETWEEN 100 AND 140"),
        q("SELECT x.region, y.region, COUNT(*) FROM us_sales x JOIN us_sales y"
            + " ON x.sold_on = y.sold_on AND x.region < y.region GROUP BY x.region, y.region"),
        q("SELECT w.c001, r.id FROM wide w JOIN ragged r ON w.c002 % 20 = r.id"),
        q("SELECT n.id, n.note, c.name FROM notes n JOIN customers c ON n.id = c.id AND n.note <> c.name")));
  }

  static Topic setOperations() {
    return new Topic("set operations", List.of(
        q("SELECT customer_id FROM orders UNION SELECT id FROM customers"),
        q("SELECT customer_id FROM orders UNION ALL SELECT id FROM customers"),
        q("SELECT customer_id FROM orders INTERSECT SELECT id FROM customers"),
        q("SELECT id FROM customers EXCEPT SELECT customer_id FROM orders"),
        q("SELECT customer_id FROM orders INTERSECT ALL SELECT customer_id FROM orders"
            + " WHERE qty > 10"),
        q("SELECT status FROM orders EXCEPT ALL SELECT status FROM orders WHERE qty > 2"),
        q("SELECT id FROM customers UNION SELECT product_id FROM products ORDER BY 1 LIMIT 7")
            .ordered(),
        q("SELECT qty FROM orders UNION SELECT score FROM customers"),
        q("SELECT name FROM customers UNION SELECT name FROM products"),
        q("SELECT status FROM orders EXCEPT SELECT 'shipped'"),
        q("(SELECT customer_id FROM orders UNION SELECT id FROM customers) EXCEPT"
            + " SELECT event_id FROM events"),
        q("SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, NULL)) AS v(x, y)"),
        q("SELECT id, name FROM customers WHERE id < 4 UNION ALL"
            + " SELECT * FROM (VALUES (100, 'extra')) AS v(a, b)"),
        q("SELECT COUNT(*) FROM (SELECT id FROM customers UNION ALL SELECT order_id FROM orders) t"),
        q("SELECT ship_date FROM orders UNION SELECT signup FROM customers"),
        q("SELECT city FROM customers INTERSECT SELECT city FROM customers WHERE vip"),
        q("SELECT station FROM stations UNION SELECT country FROM customers")));
  }

  static Topic subqueries() {
    return new Topic("subqueries and CTEs", List.of(
        q("SELECT order_id FROM orders WHERE unit_price > (SELECT AVG(unit_price) FROM orders)"),
        q("SELECT id, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) FROM customers c"),
        q("SELECT order_id FROM orders o WHERE unit_price = (SELECT MAX(unit_price) FROM orders i"
            + " WHERE i.customer_id = o.customer_id)"),
        q("SELECT name FROM products WHERE product_id IN (SELECT product_id FROM orders"
            + " WHERE qty > 18)"),
        q("SELECT status, avg_p FROM (SELECT status, AVG(unit_price) AS avg_p FROM orders"
            + " GROUP BY status) t WHERE avg_p > 0"),
        q("WITH big_orders AS (SELECT * FROM orders WHERE qty * unit_price > 5000)"
            + " SELECT customer_id, COUNT(*) FROM big_orders GROUP BY customer_id"),
        q("WITH a AS (SELECT customer_id, SUM(qty) AS s FROM orders GROUP BY customer_id),"
            + " b AS (SELECT MAX(s) AS m FROM a) SELECT a.customer_id FROM a, b WHERE a.s = b.m"),
        q("WITH t AS (SELECT id, score FROM customers) SELECT x.id, y.id FROM t x JOIN t y"
            + " ON x.score = y.score AND x.id < y.id"),
        q("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10)"
            + " SELECT SUM(x) FROM n"),
        q("SELECT COUNT(*) FROM orders WHERE qty > ALL (SELECT score FROM customers"
            + " WHERE score < 0)"),
        q("SELECT COUNT(*) FROM orders WHERE qty = ANY (SELECT score FROM customers)"),
        q("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"
            + " HAVING COUNT(*) > (SELECT COUNT(*) / 60 FROM orders)")
            .duck("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"
                + " HAVING COUNT(*) > (SELECT COUNT(*) // 60 FROM orders)",
                Convention.INTEGER_DIVISION),
        q("SELECT MAX(cnt) FROM (SELECT customer_id, COUNT(*) AS cnt FROM orders"
            + " GROUP BY customer_id) t"),
        q("SELECT * FROM (SELECT order_id, RANK() OVER (ORDER BY unit_price DESC) AS r"
            + " FROM orders) t WHERE r <= 5"),
        q("SELECT c.id, t.total FROM customers c JOIN (SELECT customer_id, SUM(qty) AS total"
            + " FROM orders GROUP BY customer_id) t ON t.customer_id = c.id WHERE t.total > 60"),
        q("SELECT id, (SELECT MAX(ordered_at) FROM orders o WHERE o.customer_id = c.id)"
            + " FROM customers c WHERE id < 20"),
        q("SELECT id FROM customers c WHERE score > (SELECT AVG(qty) FROM orders o"
            + " WHERE o.customer_id = c.id)"),
        q("SELECT (SELECT COUNT(*) FROM customers), (SELECT COUNT(*) FROM products)"),
        q("SELECT product_id FROM products p WHERE EXISTS (SELECT 1 FROM orders o"
            + " WHERE o.product_id = p.product_id AND o.status = 'cancelled' AND o.qty > 15)"),
        q("WITH monthly AS (SELECT EXTRACT(MONTH FROM ordered_at) AS m, SUM(qty) AS s"
            + " FROM orders GROUP BY EXTRACT(MONTH FROM ordered_at))"
            + " SELECT m, s FROM monthly WHERE s > (SELECT AVG(s) FROM monthly)"),
        q("SELECT order_id FROM orders WHERE customer_id IN (SELECT id FROM customers"
            + " WHERE city IN ('Paris', 'Lyon')) AND product_id IN (SELECT product_id"
            + " FROM products WHERE category = 'toys')"),
        q("SELECT s.station, s.temp_c FROM stations s WHERE s.temp_c = (SELECT MAX(temp_c)"
            + " FROM stations t WHERE t.station = s.station)"),
        q("SELECT id FROM customers WHERE balance > (SELECT AVG(balance) FROM customers)"),
        q("WITH r AS (SELECT region, SUM(units) AS u FROM us_sales GROUP BY region)"
            + " SELECT region FROM r WHERE u = (SELECT MAX(u) FROM r)")));
  }
}
