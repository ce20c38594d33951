package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/** Scalar topics: dates and times, strings, NULL handling, CASE and CAST. */
final class ScalarQueries {
  private ScalarQueries() {
  }

  static Topic dates() {
    return new Topic("dates and times", List.of(
        q("SELECT id, EXTRACT(YEAR FROM signup), EXTRACT(MONTH FROM signup), EXTRACT(DAY FROM"
            + " signup) FROM customers"),
        q("SELECT order_id, EXTRACT(HOUR FROM ordered_at), EXTRACT(MINUTE FROM ordered_at),"
            + " EXTRACT(SECOND FROM ordered_at) FROM orders"),
        q("SELECT order_id, EXTRACT(QUARTER FROM ordered_at), EXTRACT(DOY FROM ship_date)"
            + " FROM orders"),
        q("SELECT order_id, EXTRACT(WEEK FROM ship_date) FROM orders"),
        q("SELECT order_id, EXTRACT(DOW FROM ship_date) FROM orders")
            .duck("SELECT order_id, EXTRACT(DOW FROM ship_date) + 1 FROM orders",
                Convention.DAY_OF_WEEK_NUMBERING),
        q("SELECT id FROM customers WHERE signup >= DATE '2022-01-01'"),
        q("SELECT order_id FROM orders WHERE ordered_at < TIMESTAMP '2023-06-01 00:00:00'"),
        q("SELECT order_id FROM orders WHERE ship_date BETWEEN DATE '2023-03-01'"
            + " AND DATE '2023-03-31'"),
        q("SELECT order_id, CAST(ordered_at AS DATE) FROM orders"),
        q("SELECT id, CAST(signup AS TIMESTAMP) FROM customers"),
        q("SELECT order_id FROM orders WHERE CAST(ordered_at AS DATE) = ship_date"),
        q("SELECT order_id FROM orders WHERE ship_date > CAST(ordered_at AS DATE)"),
        q("SELECT id, signup + INTERVAL '1' DAY FROM customers")
            .duck("SELECT id, CAST(signup + INTERVAL '1' DAY AS DATE) FROM customers",
                Convention.DATE_PLUS_INTERVAL_IS_DATE),
        q("SELECT order_id, ordered_at + INTERVAL '2' HOUR FROM orders"),
        q("SELECT order_id, ship_date - INTERVAL '1' MONTH FROM orders")
            .duck("SELECT order_id, CAST(ship_date - INTERVAL '1' MONTH AS DATE) FROM orders",
                Convention.DATE_PLUS_INTERVAL_IS_DATE),
        q("SELECT id, signup + INTERVAL '1' YEAR FROM customers")
            .duck("SELECT id, CAST(signup + INTERVAL '1' YEAR AS DATE) FROM customers",
                Convention.DATE_PLUS_INTERVAL_IS_DATE),
        q("SELECT order_id, ordered_at - INTERVAL '30' MINUTE FROM orders WHERE order_id < 50"),
        q("SELECT EXTRACT(MONTH FROM \"date\") AS m, COUNT(*) FROM events"
            + " GROUP BY EXTRACT(MONTH FROM \"date\")"),
        q("SELECT event_id, \"time\" FROM events WHERE \"time\" > TIME '12:00:00'"),
        q("SELECT event_id, EXTRACT(HOUR FROM \"time\"), EXTRACT(MINUTE FROM \"time\")"
            + " FROM events"),
        q("SELECT \"date\", COUNT(*) FROM stations GROUP BY \"date\""),
        q("SELECT MIN(\"date\"), MAX(\"date\") FROM stations"),
        q("SELECT EXTRACT(MONTH FROM \"date\"), EXTRACT(DAY FROM \"date\"), temp_c FROM stations"),
        q("SELECT EXTRACT(MONTH FROM sold_on), SUM(units) FROM us_sales"
            + " GROUP BY EXTRACT(MONTH FROM sold_on)"),
        q("SELECT sold_on, rep FROM us_sales WHERE sold_on > DATE '2023-12-01'"),
        q("SELECT \"day\", item FROM semicolons WHERE \"day\" < DATE '2024-03-01'"),
        q("SELECT id, created FROM notes"),
        q("SELECT id, EXTRACT(HOUR FROM created) FROM notes"),
        q("SELECT DATE '2024-02-29' + INTERVAL '1' YEAR, DATE '2024-03-31' - INTERVAL '1' MONTH")
            .duck("SELECT CAST(DATE '2024-02-29' + INTERVAL '1' YEAR AS DATE),"
                + " CAST(DATE '2024-03-31' - INTERVAL '1' MONTH AS DATE)",
                Convention.DATE_PLUS_INTERVAL_IS_DATE),
        q("SELECT order_id, ordered_at FROM orders WHERE ordered_at >= TIMESTAMP"
            + " '2024-06-01 00:00:00' AND EXTRACT(MILLISECOND FROM ordered_at) % 1000 > 0"),
        q("SELECT ship_date, COUNT(*) FROM orders GROUP BY ship_date"),
        q("SELECT EXTRACT(YEAR FROM launched), COUNT(*) FROM products"
            + " GROUP BY EXTRACT(YEAR FROM launched)"),
        q("SELECT order_id FROM orders WHERE EXTRACT(YEAR FROM ordered_at) = 2024"
            + " AND EXTRACT(MONTH FROM ordered_at) IN (1, 2)"),
        q("SELECT order_id, EXTRACT(EPOCH FROM ordered_at) FROM orders"),
        q("SELECT id, released, opened, EXTRACT(MONTH FROM released) FROM month_names"),
        q("SELECT id, released FROM month_names ORDER BY released, id").ordered(),
        q("SELECT id, ts, amount FROM micro_times"),
        q("SELECT id, CAST(ts AS VARCHAR) FROM micro_times WHERE amount > 2"),
        q("SELECT CAST('2024-01-05' AS DATE), CAST('2024-01-05 10:30:00' AS TIMESTAMP),"
            + " CAST('10:15:00' AS TIME)")));
  }

  static Topic strings() {
    return new Topic("strings", List.of(
        q("SELECT id, UPPER(name), LOWER(name) FROM customers WHERE id <> 17"),
        q("SELECT id, SUBSTRING(name FROM 2 FOR 3) FROM customers WHERE id <> 17"),
        q("SELECT id, SUBSTRING(name, 1, 4) FROM customers WHERE id <> 17"),
        q("SELECT id, SUBSTRING(name FROM 3) FROM customers WHERE id <> 17"),
        q("SELECT id, TRIM(name), TRIM(LEADING FROM name), TRIM(TRAILING FROM name)"
            + " FROM customers"),
        q("SELECT id, TRIM(BOTH 'e' FROM name), TRIM(LEADING ' ' FROM name) FROM customers"),
        q("SELECT id FROM customers WHERE name LIKE 'C%'"),
        q("SELECT id FROM customers WHERE name LIKE '%r%' AND name NOT LIKE '%Customer%'"),
        q("SELECT id FROM customers WHERE name LIKE '_m%'"),
        q("SELECT id, name || ' from ' || city FROM customers"),
        q("SELECT id, POSITION('e' IN name) FROM customers WHERE id <> 17"),
        q("SELECT id, REPLACE(name, ' ', '_') FROM customers"),
        q("SELECT id, CHAR_LENGTH(name), CHARACTER_LENGTH(city) FROM customers WHERE id <> 17"),
        q("SELECT id FROM customers WHERE name > 'M' AND id <> 17"),
        q("SELECT name FROM customers WHERE id <> 17 ORDER BY name, id").ordered(),
        q("SELECT id, CAST(id AS VARCHAR) || '-' || country FROM customers"),
        q("SELECT id FROM customers WHERE UPPER(country) = 'NA'"),
        q("SELECT id FROM customers WHERE name = 'O''Brien'"),
        q("SELECT id FROM customers WHERE name = 'She said \"hi\"'"),
        q("SELECT id, name FROM customers WHERE name LIKE '%,%'"),
        q("SELECT id, COALESCE(name, '(none)') FROM customers"),
        q("SELECT id, CHAR_LENGTH(note), UPPER(note) FROM notes WHERE id <> 10"),
        q("SELECT id, note FROM notes"),
        q("SELECT id, REPLACE(note, 'line', 'LINE') FROM notes"),
        q("SELECT author, COUNT(*) FROM notes GROUP BY author"),
        q("SELECT station, name FROM stations WHERE name LIKE '%\"%'"),
        q("SELECT DISTINCT name FROM stations"),
        q("SELECT item, UPPER(item) FROM semicolons"),
        q("SELECT rep, LOWER(rep) FROM us_sales WHERE rep LIKE 'D%'"),
        q("SELECT order_id, status || '/' || CAST(qty AS VARCHAR) FROM orders"),
        q("SELECT order_id FROM orders WHERE status IN ('shipped', 'returned') AND qty > 10"),
        q("SELECT name, SUBSTRING(name FROM CHAR_LENGTH(name) - 1) FROM products"),
        q("SELECT 'abc' || NULL, UPPER(NULL), 'a' || 'b' || 'c'"),
        q("SELECT id, SUBSTRING(name, 0, 3) FROM customers WHERE id <> 17"),
        q("SELECT id, SUBSTRING(name, -1, 3) FROM customers WHERE id <> 17")
            .duck("SELECT id, SUBSTRING(name, 1, 1) FROM customers WHERE id <> 17",
                Convention.SUBSTRING_START_BEFORE_ONE),
        q("SELECT id FROM customers WHERE name LIKE '100!%%' ESCAPE '!'"),
        q("SELECT LOWER('ÀÉÎ'), UPPER('ǆ'), UPPER('ñandú')"),
        q("SELECT id, POSITION('' IN name) FROM customers WHERE id < 5"),
        q("SELECT id, OVERLAY(name PLACING 'XX' FROM 2 FOR 2) FROM customers WHERE id BETWEEN 20"
            + " AND 30")));
  }

  static Topic beyondTheBmp() {
    return new Topic("unicode beyond the BMP (code points, not UTF-16 units)", List.of(
        q("SELECT id, CHAR_LENGTH(name) FROM customers WHERE id = 17"),
        q("SELECT id, SUBSTRING(name, 1, 1), SUBSTRING(name FROM 2) FROM customers WHERE id = 17"),
        q("SELECT id, CHAR_LENGTH(note), UPPER(note) FROM notes WHERE id = 10"),
        q("SELECT id, POSITION('s' IN name) FROM customers WHERE id = 17")));
  }

  static Topic nulls() {
    return new Topic("NULL handling", List.of(
        q("SELECT COUNT(*) FROM customers WHERE name IS NULL"),
        q("SELECT COUNT(*) FROM customers WHERE name = ''"),
        q("SELECT id FROM customers WHERE name IS NOT NULL AND name <> ''"),
        q("SELECT id, COALESCE(score, 0), NULLIF(score, 0) FROM customers"),
        q("SELECT id, score + NULL, score * 2 FROM customers"),
        q("SELECT AVG(score), COUNT(score), COUNT(*), SUM(score) FROM customers"),
        q("SELECT id, score FROM customers ORDER BY score, id").ordered(),
        q("SELECT id, score FROM customers ORDER BY score DESC, id").ordered(),
        q("SELECT id, score FROM customers ORDER BY score NULLS FIRST, id").ordered(),
        q("SELECT id, score FROM customers ORDER BY score DESC NULLS LAST, id").ordered(),
        q("SELECT id FROM customers WHERE score NOT IN (1, 2, 3)"),
        q("SELECT id FROM customers WHERE score IS DISTINCT FROM 10"),
        q("SELECT id FROM customers WHERE score IS NOT DISTINCT FROM NULL"),
        q("SELECT id, CASE WHEN score IS NULL THEN 'none' ELSE 'some' END FROM customers"),
        q("SELECT city, COUNT(*) FROM customers GROUP BY city"),
        q("SELECT COUNT(*) FROM customers WHERE city = NULL"),
        q("SELECT * FROM ragged"),
        q("SELECT id FROM ragged WHERE c IS NULL"),
        q("SELECT COUNT(temp_c), COUNT(rain_mm), COUNT(\"count\"), COUNT(*) FROM stations"),
        q("SELECT flag, COUNT(*) FROM stations GROUP BY flag"),
        q("SELECT COUNT(*) FROM customers WHERE country = 'NA'"),
        q("SELECT product_id, \"count\" FROM products"),
        q("SELECT station, COUNT(*) FROM stations WHERE station = 'NA' GROUP BY station"),
        q("SELECT id, note IS NULL, note = '' FROM notes"),
        q("SELECT id, signup FROM customers WHERE signup IS NULL"),
        q("SELECT COALESCE(ship_date, CAST(ordered_at AS DATE)) FROM orders"),
        q("SELECT MAX(score), MIN(city) FROM customers WHERE score IS NULL")));
  }

  static Topic caseAndCast() {
    return new Topic("CASE and CAST", List.of(
        q("SELECT order_id, CASE WHEN qty < 0 THEN 'return' WHEN qty < 10 THEN 'small'"
            + " ELSE 'large' END FROM orders"),
        q("SELECT order_id, CASE status WHEN 'shipped' THEN 1 WHEN 'pending' THEN 2 END"
            + " FROM orders"),
        q("SELECT CASE WHEN vip THEN 'vip' ELSE 'regular' END, COUNT(*) FROM customers"
            + " GROUP BY CASE WHEN vip THEN 'vip' ELSE 'regular' END"),
        q("SELECT SUM(CASE WHEN status = 'shipped' THEN qty * unit_price ELSE 0 END)"
            + " FROM orders"),
        q("SELECT id, CASE WHEN balance > 5000 THEN balance ELSE NULL END FROM customers"),
        q("SELECT order_id, CAST(qty AS DOUBLE), CAST(qty AS BIGINT) FROM orders"),
        q("SELECT order_id, CAST(unit_price AS INTEGER) FROM orders"),
        q("SELECT order_id, CAST(unit_price AS DECIMAL(10, 2)) FROM orders"),
        q("SELECT id, CAST(id AS VARCHAR), CAST(signup AS VARCHAR) FROM customers"),
        q("SELECT order_id, CAST(ordered_at AS VARCHAR) FROM orders"),
        q("SELECT order_id, CAST(unit_price AS VARCHAR) FROM orders"),
        q("SELECT id, CAST(vip AS VARCHAR) FROM customers"),
        q("SELECT CAST('42' AS INTEGER), CAST('-7' AS BIGINT), CAST('2.50' AS DECIMAL(5, 2)),"
            + " CAST('1e3' AS DOUBLE)"),
        q("SELECT order_id, CAST(score AS BIGINT) * 1000000000 FROM orders JOIN customers"
            + " ON customer_id = id"),
        q("SELECT CAST(2.5 AS INTEGER), CAST(-2.5 AS INTEGER), CAST(3.7 AS INTEGER)"),
        q("SELECT CAST(huge AS VARCHAR) FROM big_numbers"),
        q("SELECT id, CAST(amount AS DOUBLE) FROM big_numbers"),
        q("SELECT 7 / 2, -7 / 2, 7 % 3, -7 % 3")
            .duck("SELECT 7 // 2, -7 // 2, 7 % 3, -7 % 3", Convention.INTEGER_DIVISION),
        q("SELECT order_id, qty / 3 FROM orders")
            .duck("SELECT order_id, qty // 3 FROM orders", Convention.INTEGER_DIVISION),
        q("SELECT 7.0 / 2, 1.0 / 3, 10 / 4.0"),
        q("SELECT order_id, unit_price / qty FROM orders"),
        q("SELECT ABS(-5), ABS(qty), MOD(qty, 4), ROUND(unit_price, 1), FLOOR(unit_price),"
            + " CEIL(unit_price) FROM orders"),
        q("SELECT ROUND(balance, 0), ROUND(balance, 1), SIGN(balance) FROM customers"),
        q("SELECT POWER(2, 10), SQRT(16.0), EXP(0), LN(1)"),
        q("SELECT ROUND(2.5), ROUND(-2.5), ROUND(0.125, 2), ROUND(-0.125, 2)"),
        q("SELECT 0.1 + 0.2, 1.10 * 3, 100.0 - 0.01"),
        q("SELECT order_id, CASE WHEN qty > 0 THEN qty ELSE unit_price END FROM orders"),
        q("SELECT order_id, COALESCE(ship_date, ordered_at) FROM orders"),
        q("SELECT id FROM customers WHERE score IN (1, 2, NULL)"),
        q("SELECT (SELECT id FROM customers)").fails("21000")));
  }
}
