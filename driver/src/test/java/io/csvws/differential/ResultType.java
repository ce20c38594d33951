package io.csvws.differential;

import java.sql.Types;
import java.util.List;

/**
 * The result types issue 13 requires, asserted on csvws's {@code ResultSetMetaData} (the values are
 * compared with DuckDB's by the queries; these are about the declared type a client sees).
 *
 * @param sql a query whose first column is checked
 * @param expected what its type must be
 */
record ResultType(String sql, Expected expected) {

  /** A rule for the type of a column. */
  enum Expected {
    /** BIGINT: a sum of 32-bit integers, a count. */
    BIGINT("BIGINT") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return type == Types.BIGINT;
      }
    },
    /** An integer beyond BIGINT: DECIMAL(38, 0). */
    DECIMAL_38_0("DECIMAL(38, 0)") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return (type == Types.DECIMAL || type == Types.NUMERIC) && precision == 38 && scale == 0;
      }
    },
    /** An average of integers keeps its fraction: DOUBLE, or DECIMAL with a scale. */
    FRACTIONAL("DOUBLE or DECIMAL(p, s) with s > 0") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return type == Types.DOUBLE || type == Types.FLOAT
            || ((type == Types.DECIMAL || type == Types.NUMERIC) && scale > 0);
      }
    },
    /** An exact number with two decimals: a price, a sum of prices. */
    DECIMAL_SCALE_2("DECIMAL(p, 2)") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return (type == Types.DECIMAL || type == Types.NUMERIC) && scale == 2;
      }
    },
    /** An exact number with a scale of at least 2: the average of prices. */
    DECIMAL_SCALE_AT_LEAST_2("DECIMAL(p, s) with s >= 2") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return (type == Types.DECIMAL || type == Types.NUMERIC) && scale >= 2;
      }
    },
    /** A number with 20 decimals (and 21 significant digits): never rounded to a DOUBLE. */
    DECIMAL_SCALE_20("DECIMAL(p, s) with s >= 20") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return (type == Types.DECIMAL || type == Types.NUMERIC) && scale >= 20;
      }
    },
    /** DOUBLE: numbers written with exponents. */
    DOUBLE("DOUBLE") {
      @Override
      boolean holds(int type, int precision, int scale) {
        return type == Types.DOUBLE;
      }
    };

    private final String description;

    Expected(String description) {
      this.description = description;
    }

    abstract boolean holds(int type, int precision, int scale);

    String description() {
      return description;
    }
  }

  /** Every type assertion of the suite. */
  static List<ResultType> all() {
    return List.of(
        new ResultType("SELECT SUM(qty) FROM orders", Expected.BIGINT),
        new ResultType("SELECT SUM(int_big) FROM orders", Expected.BIGINT),
        new ResultType("SELECT SUM(qty), status FROM orders GROUP BY status", Expected.BIGINT),
        new ResultType("SELECT SUM(qty) OVER (PARTITION BY status) FROM orders", Expected.BIGINT),
        new ResultType("SELECT SUM(score) FROM customers", Expected.BIGINT),
        new ResultType("SELECT COUNT(*) FROM orders", Expected.BIGINT),
        // docs/sql.md: a SUM of BIGINT is BIGINT and fails beyond its range (never wraps).
        new ResultType("SELECT SUM(big) FROM orders", Expected.BIGINT),
        new ResultType("SELECT SUM(big) OVER () FROM orders", Expected.BIGINT),
        new ResultType("SELECT AVG(qty) FROM orders", Expected.FRACTIONAL),
        new ResultType("SELECT AVG(qty) OVER (PARTITION BY status) FROM orders",
            Expected.FRACTIONAL),
        new ResultType("SELECT AVG(big) FROM orders", Expected.FRACTIONAL),
        new ResultType("SELECT unit_price FROM orders", Expected.DECIMAL_SCALE_2),
        new ResultType("SELECT SUM(unit_price) FROM orders", Expected.DECIMAL_SCALE_2),
        new ResultType("SELECT SUM(balance) FROM customers", Expected.DECIMAL_SCALE_2),
        new ResultType("SELECT SUM(unit_price) OVER (ORDER BY order_id) FROM orders",
            Expected.DECIMAL_SCALE_2),
        new ResultType("SELECT AVG(unit_price) FROM orders", Expected.DECIMAL_SCALE_AT_LEAST_2),
        new ResultType("SELECT SUM(amount) FROM big_numbers", Expected.DECIMAL_SCALE_2),
        new ResultType("SELECT precise FROM big_numbers", Expected.DECIMAL_SCALE_20),
        new ResultType("SELECT discount FROM orders", Expected.DOUBLE),
        new ResultType("SELECT weight_kg FROM products", Expected.DOUBLE),
        new ResultType("SELECT huge FROM big_numbers", Expected.DECIMAL_38_0),
        new ResultType("SELECT SUM(huge) FROM big_numbers WHERE id <= 30", Expected.DECIMAL_38_0));
  }
}
