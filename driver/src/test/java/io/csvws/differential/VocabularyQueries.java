package io.csvws.differential;

import static io.csvws.differential.QueryCase.q;

import java.util.List;

/**
 * The vocabulary of issue 13: the functions and forms analysts and agents bring from PostgreSQL and
 * DuckDB. These run and are expected to pass like every other query; while the work that adds them
 * has not landed, they are the suite's list of what is missing.
 */
final class VocabularyQueries {
  private VocabularyQueries() {
  }

  static Topic functions() {
    return new Topic("vocabulary (issue 13): functions", List.of(
        q("SELECT id FROM customers WHERE name ILIKE 'customer _2%'"),
        q("SELECT COUNT(*) FROM orders WHERE status ILIKE 'SHIP%'"),
        q("SELECT id FROM customers WHERE name NOT ILIKE '%E%'"),
        q("SELECT order_id, qty::DOUBLE, '42'::INTEGER, ship_date::VARCHAR FROM orders"),
        q("SELECT id, score::BIGINT * 2 FROM customers"),
        q("SELECT TRY_CAST('x' AS INTEGER), TRY_CAST('12' AS INTEGER), TRY_CAST('2024-13-01'"
            + " AS DATE)"),
        q("SELECT id, TRY_CAST(name AS INTEGER) FROM customers"),
        q("SELECT status, STRING_AGG(CAST(order_id AS VARCHAR), ',' ORDER BY order_id)"
            + " FROM orders WHERE order_id < 40 GROUP BY status"),
        q("SELECT country, STRING_AGG(city, '; ' ORDER BY city) FROM customers GROUP BY country"),
        q("SELECT status, LISTAGG(CAST(order_id AS VARCHAR), ',') WITHIN GROUP (ORDER BY"
            + " order_id) FROM orders WHERE order_id < 40 GROUP BY status")
            .spelled("SELECT status, STRING_AGG(CAST(order_id AS VARCHAR), ',' ORDER BY order_id)"
                + " FROM orders WHERE order_id < 40 GROUP BY status",
                "DuckDB takes WITHIN GROUP only for ordered-set aggregates"),
        q("SELECT status, ARRAY_AGG(order_id ORDER BY order_id) FROM orders WHERE order_id < 30"
            + " GROUP BY status"),
        q("SELECT MEDIAN(qty), MEDIAN(unit_price) FROM orders")
            .duck("SELECT MEDIAN(qty), MEDIAN(CAST(unit_price AS DOUBLE)) FROM orders",
                Convention.MEDIAN_OF_A_DECIMAL),
        q("SELECT status, MEDIAN(unit_price) FROM orders GROUP BY status")
            .duck("SELECT status, MEDIAN(CAST(unit_price AS DOUBLE)) FROM orders GROUP BY status",
                Convention.MEDIAN_OF_A_DECIMAL),
        q("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY unit_price) FROM orders"),
        q("SELECT status, PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY qty) FROM orders"
            + " GROUP BY status"),
        q("SELECT PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY qty) FROM orders"),
        q("SELECT city, PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY balance) FROM customers"
            + " GROUP BY city"),
        q("SELECT MODE() WITHIN GROUP (ORDER BY status) FROM orders"),
        q("SELECT MODE(status) FROM orders"),
        q("SELECT APPROX_COUNT_DISTINCT(customer_id) FROM orders")
            .duck("SELECT COUNT(DISTINCT customer_id) FROM orders",
                Convention.APPROX_COUNT_DISTINCT_IS_EXACT),
        q("SELECT CORR(qty, unit_price), COVAR_POP(qty, unit_price), COVAR_SAMP(qty, unit_price)"
            + " FROM orders"),
        q("SELECT REGR_SLOPE(unit_price, qty), REGR_INTERCEPT(unit_price, qty), REGR_COUNT("
            + "unit_price, qty), REGR_R2(unit_price, qty) FROM orders"),
        q("SELECT status, CORR(qty, discount) FROM orders GROUP BY status"),
        q("SELECT BOOL_AND(qty > 0), BOOL_OR(qty < 0) FROM orders"),
        q("SELECT DATE_TRUNC('month', ordered_at), COUNT(*) FROM orders"
            + " GROUP BY DATE_TRUNC('month', ordered_at)"),
        q("SELECT order_id, DATE_TRUNC('hour', ordered_at), DATE_TRUNC('year', ordered_at)"
            + " FROM orders"),
        q("SELECT id, DATE_TRUNC('week', signup) FROM customers")
            .duck("SELECT id, CAST(DATE_TRUNC('week', signup) AS TIMESTAMP) FROM customers",
                Convention.DATE_TRUNC_OF_A_DATE),
        q("SELECT id, DATE_PART('year', signup), DATE_PART('month', signup) FROM customers"),
        q("SELECT order_id, ship_date - CAST(ordered_at AS DATE) FROM orders"),
        q("SELECT MAX(signup) - MIN(signup) FROM customers"),
        q("SELECT id, signup + 30, signup - 1 FROM customers"),
        q("SELECT id, signup + INTERVAL '1 month' FROM customers")
            .duck("SELECT id, CAST(signup + INTERVAL '1 month' AS DATE) FROM customers",
                Convention.DATE_PLUS_INTERVAL_IS_DATE),
        q("SELECT order_id, STRFTIME(ordered_at, '%Y-%m') FROM orders"),
        q("SELECT order_id, TO_CHAR(ordered_at, 'YYYY-MM-DD HH24:MI') FROM orders")
            .spelled("SELECT order_id, STRFTIME(ordered_at, '%Y-%m-%d %H:%M') FROM orders",
                "DuckDB has no TO_CHAR"),
        q("SELECT id, LAST_DAY(signup) FROM customers"),
        q("SELECT TO_DATE('05/01/2024', 'DD/MM/YYYY')")
            .spelled("SELECT CAST(STRPTIME('05/01/2024', '%d/%m/%Y') AS DATE)",
                "DuckDB has no TO_DATE"),
        q("SELECT STRPTIME('2024-01-05 10:30', '%Y-%m-%d %H:%M')"),
        q("SELECT id, REGEXP_REPLACE(name, '[aeiou]', '*') FROM customers WHERE id <> 17"),
        q("SELECT id, REGEXP_REPLACE(name, '[aeiou]', '*', 'g') FROM customers WHERE id <> 17"),
        q("SELECT id FROM customers WHERE name ~ 'er [A-Z]'")
            .duck("SELECT id FROM customers WHERE regexp_matches(name, 'er [A-Z]')",
                Convention.REGEX_OPERATOR_MATCHES_ANYWHERE),
        q("SELECT id FROM customers WHERE REGEXP_LIKE(name, '^C.*[0-9]$')")
            .spelled("SELECT id FROM customers WHERE regexp_matches(name, '^C.*[0-9]$')",
                "DuckDB calls REGEXP_LIKE regexp_matches"),
        q("SELECT id, SPLIT_PART(name, ' ', 1), SPLIT_PART(name, ' ', 2) FROM customers"
            + " WHERE id <> 17"),
        q("SELECT id, LEFT(name, 3), RIGHT(name, 2) FROM customers WHERE id <> 17"),
        q("SELECT id, CONCAT(name, '-', city), CONCAT_WS('/', name, city, country)"
            + " FROM customers"),
        q("SELECT id, STRPOS(name, 'e') FROM customers WHERE id <> 17"),
        q("SELECT order_id, INITCAP(status) FROM orders")
            .spelled("SELECT order_id, upper(left(status, 1)) || lower(substring(status, 2))"
                + " FROM orders", "DuckDB has no INITCAP (status values are single words)"),
        q("SELECT id, REVERSE(name) FROM customers WHERE id <> 17"),
        q("SELECT id, LPAD(CAST(id AS VARCHAR), 5, '0'), RPAD(country, 4, '.') FROM customers"),
        q("SELECT id, LENGTH(name) FROM customers WHERE id <> 17"),
        q("SELECT id, LTRIM(name), RTRIM(name), BTRIM(name) FROM customers")
            .spelled("SELECT id, LTRIM(name), RTRIM(name), TRIM(name) FROM customers",
                "DuckDB has no BTRIM"),
        q("SELECT order_id, GREATEST(qty, 5), LEAST(unit_price, 100) FROM orders"),
        q("SELECT id, GREATEST(score, 0), LEAST(score, balance) FROM customers"),
        q("SELECT id, IF(score > 50, 'high', 'low') FROM customers"),
        q("SELECT COUNT(*) FROM orders TABLESAMPLE BERNOULLI(100)")
            .spelled("SELECT COUNT(*) FROM orders TABLESAMPLE BERNOULLI(100 PERCENT)",
                "DuckDB reads BERNOULLI(100) as a row count")));
  }

  static Topic syntax() {
    return new Topic("vocabulary (issue 13): syntax and keyword column names", List.of(
        q("SELECT status, COUNT(*) FROM orders GROUP BY ALL"),
        q("SELECT customer_id, status, SUM(qty) FROM orders GROUP BY ALL"),
        q("SELECT * EXCLUDE (big, int_big, discount) FROM orders WHERE order_id < 5"),
        q("SELECT date, year, count FROM stations"),
        q("SELECT year, COUNT(*) FROM products GROUP BY year"),
        q("SELECT type, name, value FROM events WHERE month = 3"),
        q("SELECT time FROM events WHERE event_id < 10"),
        q("SELECT date, time FROM events ORDER BY date, time, event_id LIMIT 5").ordered(),
        q("SELECT MAX(date), MIN(year) FROM stations"),
        q("SELECT e.date, e.value FROM events e WHERE e.type = 'buy'"),
        q("SELECT COUNT(*) AS count FROM orders"),
        q("SELECT status, COUNT(*) FROM orders GROUP BY 1"),
        q("SELECT EXTRACT(YEAR FROM ordered_at) AS y, COUNT(*) FROM orders GROUP BY y"),
        q("SELECT id, CAST(id AS TEXT) FROM customers"),
        q("SELECT id, CAST(score AS INT), 'n' || id, id || '' FROM customers"),
        q("SELECT DISTINCT ON (customer_id) customer_id, order_id FROM orders"
            + " ORDER BY customer_id, order_id"),
        q("SELECT * FROM (SELECT status, SUM(qty) AS s FROM orders GROUP BY status) PIVOT"
            + " (SUM(s) FOR status IN ('shipped' AS shipped, 'pending' AS pending))")
            .spelled("SELECT SUM(s) FILTER (WHERE status = 'shipped') AS shipped, SUM(s) FILTER"
                + " (WHERE status = 'pending') AS pending FROM (SELECT status, SUM(qty) AS s"
                + " FROM orders GROUP BY status)", "DuckDB's PIVOT is spelled PIVOT ... ON ...")));
  }

  static Topic overflow() {
    return new Topic("overflow and errors (both engines must fail)", List.of(
        q("SELECT int_big * 1000000 FROM orders").fails("22003"),
        q("SELECT CAST(big AS INTEGER) FROM orders").fails("22003"),
        q("SELECT SUM(big * 10) FROM orders").fails("22003"),
        q("SELECT SUM(big) FROM orders, (VALUES (1), (2)) AS v(x)").fails("22003")
            .duck("SELECT CAST(SUM(big) AS BIGINT) FROM orders, (VALUES (1), (2)) AS v(x)",
                Convention.SUM_OF_BIGINT_FAILS_BEYOND_RANGE),
        q("SELECT CAST(huge AS BIGINT) FROM big_numbers").fails("22003"),
        q("SELECT 2147483647 + 1").fails("22003"),
        q("SELECT big + big FROM orders").fails("22003"),
        q("SELECT CAST('abc' AS INTEGER)").fails("22018")));
  }
}
