package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/** The shape of an answer: ordering, LIMIT/OFFSET/FETCH, GROUPING SETS, ROLLUP and CUBE. */
final class ShapeQueries {
  private ShapeQueries() {
  }

  static Topic ordering() {
    return new Topic("ordering", List.of(
        q("SELECT order_id, qty FROM orders ORDER BY qty DESC, order_id").ordered(),
        q("SELECT order_id FROM orders ORDER BY status, unit_price DESC, order_id").ordered(),
        q("SELECT id, city FROM customers ORDER BY city, id").ordered(),
        q("SELECT id, city FROM customers ORDER BY city DESC, id DESC").ordered(),
        q("SELECT id, city FROM customers ORDER BY city NULLS FIRST, id").ordered(),
        q("SELECT id, city FROM customers ORDER BY city DESC NULLS LAST, id").ordered(),
        q("SELECT order_id, ship_date FROM orders ORDER BY ship_date, order_id").ordered(),
        q("SELECT order_id, ship_date FROM orders ORDER BY ship_date DESC, order_id").ordered(),
        q("SELECT order_id, ordered_at FROM orders ORDER BY ordered_at DESC, order_id").ordered(),
        q("SELECT id, balance FROM customers ORDER BY balance, id").ordered(),
        q("SELECT product_id, price FROM products ORDER BY price DESC, product_id").ordered(),
        q("SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY n DESC, status")
            .ordered(),
        q("SELECT id, name FROM customers WHERE id < 17 ORDER BY 2, 1").ordered(),
        q("SELECT order_id, discount FROM orders ORDER BY discount, order_id").ordered(),
        q("SELECT id, vip FROM customers ORDER BY vip, id").ordered(),
        q("SELECT \"date\", temp_c FROM stations ORDER BY \"date\", temp_c, station").ordered(),
        q("SELECT huge FROM big_numbers ORDER BY huge").ordered(),
        q("SELECT sold_on, price FROM us_sales ORDER BY sold_on DESC, price, rep").ordered(),
        q("SELECT order_id, qty * unit_price AS total FROM orders ORDER BY total DESC, order_id")
            .ordered(),
        q("SELECT event_id, \"time\" FROM events ORDER BY \"time\", event_id").ordered()));
  }

  static Topic limits() {
    return new Topic("LIMIT, OFFSET and FETCH", List.of(
        q("SELECT order_id FROM orders ORDER BY order_id LIMIT 5").ordered(),
        q("SELECT order_id FROM orders ORDER BY order_id LIMIT 5 OFFSET 10").ordered(),
        q("SELECT order_id FROM orders ORDER BY order_id OFFSET 395").ordered(),
        q("SELECT order_id FROM orders ORDER BY order_id DESC FETCH FIRST 3 ROWS ONLY").ordered(),
        q("SELECT order_id FROM orders ORDER BY order_id OFFSET 2 ROWS FETCH NEXT 4 ROWS ONLY")
            .ordered(),
        q("SELECT order_id, unit_price FROM orders ORDER BY unit_price DESC, order_id LIMIT 10")
            .ordered(),
        q("SELECT customer_id, SUM(qty) AS s FROM orders GROUP BY customer_id"
            + " ORDER BY s DESC, customer_id LIMIT 5").ordered(),
        q("SELECT COUNT(*) FROM (SELECT * FROM orders LIMIT 50) t"),
        q("SELECT id FROM customers ORDER BY score, id LIMIT 5 OFFSET 50").ordered(),
        q("SELECT order_id FROM orders ORDER BY order_id LIMIT 0").ordered(),
        q("SELECT id FROM customers ORDER BY id LIMIT 1000").ordered(),
        q("SELECT * FROM (SELECT id FROM customers ORDER BY id DESC LIMIT 3) t ORDER BY id")
            .ordered(),
        q("SELECT c150, c300 FROM wide ORDER BY c001, c002 LIMIT 4").ordered()));
  }

  static Topic text() {
    return new Topic("values as text (getString)", List.of(
        q("SELECT event_id, \"time\" FROM events").asText(),
        q("SELECT CAST('00:15:00' AS TIME), TIMESTAMP '2024-01-05 10:30:00', DATE '2024-01-05'")
            .asText(),
        q("SELECT order_id, ordered_at FROM orders").asText(),
        q("SELECT id, signup FROM customers").asText(),
        q("SELECT id, created FROM notes").asText(),
        q("SELECT order_id, unit_price FROM orders").asText(),
        q("SELECT SUM(unit_price) FROM orders").asText(),
        q("SELECT SUM(qty * unit_price) FROM orders WHERE order_id < 5").asText(),
        q("SELECT id, balance FROM customers").asText(),
        q("SELECT id, huge FROM big_numbers").asText(),
        q("SELECT id, precise FROM big_numbers").asText(),
        q("SELECT id, vip FROM customers").asText(),
        q("SELECT id, name FROM customers").asText()));
  }

  static Topic largeFile() {
    return new Topic("a file over 16 MiB (parallel scan, partial aggregates)", List.of(
        q("SELECT COUNT(*), MIN(reading), MAX(reading), MIN(ts), MAX(ts) FROM big_log"),
        q("SELECT SUM(reading), SUM(amount) FROM big_log"),
        q("SELECT sensor, COUNT(*), SUM(amount), MIN(amount), MAX(id) FROM big_log"
            + " GROUP BY sensor"),
        q("SELECT sensor, SUM(reading), AVG(reading) FROM big_log WHERE amount > 500"
            + " GROUP BY sensor"),
        q("SELECT note, COUNT(*) FROM big_log GROUP BY note HAVING COUNT(*) > 1000"),
        q("SELECT id, note, amount FROM big_log WHERE id % 9700 = 0"),
        q("SELECT COUNT(note), COUNT(*) FILTER (WHERE note LIKE 'multi%') FROM big_log"),
        q("SELECT id, ts, reading FROM big_log WHERE reading >= 2000000000 AND id < 20000")));
  }

  static Topic groupingSets() {
    return new Topic("GROUPING SETS, ROLLUP and CUBE", List.of(
        q("SELECT status, customer_id, SUM(qty) FROM orders WHERE customer_id < 10"
            + " GROUP BY GROUPING SETS ((status, customer_id), (status), ())"),
        q("SELECT status, SUM(qty) FROM orders GROUP BY ROLLUP (status)"),
        q("SELECT category, EXTRACT(YEAR FROM launched) AS y, COUNT(*) FROM products"
            + " GROUP BY ROLLUP (category, EXTRACT(YEAR FROM launched))"),
        q("SELECT status, product_id, COUNT(*) FROM orders WHERE product_id < 5"
            + " GROUP BY CUBE (status, product_id)"),
        q("SELECT status, GROUPING(status), COUNT(*) FROM orders GROUP BY ROLLUP (status)"),
        q("SELECT country, city, SUM(balance) FROM customers GROUP BY GROUPING SETS"
            + " ((country), (city))"),
        q("SELECT region, rep, SUM(units) FROM us_sales GROUP BY ROLLUP (region, rep)"),
        q("SELECT station, \"year\", AVG(temp_c) FROM stations GROUP BY CUBE (station, \"year\")"),
        q("SELECT status, COUNT(*) FROM orders GROUP BY GROUPING SETS ((status), ())"
            + " HAVING COUNT(*) > 100"),
        q("SELECT vip, country, COUNT(*), GROUPING(vip, country) FROM customers"
            + " GROUP BY CUBE (vip, country)"),
        q("SELECT status, customer_id, SUM(int_big) FROM orders WHERE customer_id < 4"
            + " GROUP BY ROLLUP (status, customer_id)"),
        q("SELECT \"type\", COUNT(*), SUM(\"value\") FROM events GROUP BY ROLLUP (\"type\")")));
  }
}
