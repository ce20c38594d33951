package io.csvws.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A value of either engine's answer in a form both share: exact numbers as BigDecimal, approximate
 * ones as double, dates and times as java.time, text as text, NULL as its own value (never the empty
 * string), arrays as lists. Two values match when they are the same kind and equal, exact numbers
 * compared by {@link BigDecimal#compareTo} and doubles within a relative tolerance; an exact number
 * matches a double within that tolerance (the types are asserted apart, where they are the point).
 */
sealed interface Value {
  /** Relative tolerance for doubles: sums of doubles in another order differ in the last digits. */
  double TOLERANCE = 1e-9;

  /** Whether this value is the other within the suite's rules. */
  boolean matches(Value other);

  /** A text that sorts values of the same kind in their order; used to sort unordered answers. */
  String sortKey();

  /** SQL NULL. */
  record Null() implements Value {
    @Override
    public boolean matches(Value other) {
      return other instanceof Null;
    }

    @Override
    public String sortKey() {
      return "\uffff";
    }

    @Override
    public String toString() {
      return "NULL";
    }
  }

  /** An exact number: any integer type or DECIMAL. */
  record Exact(BigDecimal value) implements Value {
    @Override
    public boolean matches(Value other) {
      if (other instanceof Exact e) {
        return value.compareTo(e.value) == 0;
      }
      return other instanceof Approx a && Approx.close(value.doubleValue(), a.value());
    }

    @Override
    public String sortKey() {
      return numberKey(value.doubleValue()) + value.stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
      return value.toPlainString();
    }
  }

  /** An approximate number: REAL, FLOAT or DOUBLE. */
  record Approx(double value) implements Value {
    static boolean close(double a, double b) {
      if (Double.isNaN(a) || Double.isNaN(b)) {
        return Double.isNaN(a) && Double.isNaN(b);
      }
      if (a == b) {
        return true;
      }
      double scale = Math.max(Math.abs(a), Math.abs(b));
      return Math.abs(a - b) <= TOLERANCE * scale || Math.abs(a - b) < 1e-12;
    }

    @Override
    public boolean matches(Value other) {
      if (other instanceof Approx a) {
        return close(value, a.value);
      }
      return other instanceof Exact e && close(value, e.value().doubleValue());
    }

    @Override
    public String sortKey() {
      return numberKey(value);
    }

    @Override
    public String toString() {
      return Double.toString(value) + "d";
    }
  }

  /** Text. */
  record Text(String value) implements Value {
    @Override
    public boolean matches(Value other) {
      return other instanceof Text t && t.value.equals(value);
    }

    @Override
    public String sortKey() {
      return "t" + value;
    }

    @Override
    public String toString() {
      // A lone surrogate (half of a character beyond the BMP) is shown as \\uXXXX.
      StringBuilder b = new StringBuilder("'");
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        boolean paired = Character.isHighSurrogate(c) && i + 1 < value.length()
            && Character.isLowSurrogate(value.charAt(i + 1));
        if (paired) {
          b.append(c).append(value.charAt(++i));
        } else if (Character.isSurrogate(c)) {
          b.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
        } else if (c == '\n') {
          b.append("\\n");
        } else {
          b.append(c);
        }
      }
      return b.append("'").toString();
    }
  }

  /** A boolean. */
  record Bool(boolean value) implements Value {
    @Override
    public boolean matches(Value other) {
      return equals(other);
    }

    @Override
    public String sortKey() {
      return "b" + value;
    }
  }

  /** A date, a time or a timestamp (the three never match each other). */
  record Temporal(Object value) implements Value {
    @Override
    public boolean matches(Value other) {
      return equals(other);
    }

    @Override
    public String sortKey() {
      return "d" + value;
    }

    @Override
    public String toString() {
      return value.getClass().getSimpleName() + " " + value;
    }
  }

  /** An array (ARRAY_AGG). */
  record Items(List<Value> values) implements Value {
    @Override
    public boolean matches(Value other) {
      if (!(other instanceof Items i) || i.values.size() != values.size()) {
        return false;
      }
      for (int k = 0; k < values.size(); k++) {
        if (!values.get(k).matches(i.values.get(k))) {
          return false;
        }
      }
      return true;
    }

    @Override
    public String sortKey() {
      return "a" + values;
    }
  }

  /** The value of a JDBC {@code getObject}, from either driver. */
  static Value of(Object o) throws SQLException {
    if (o == null) {
      return new Null();
    }
    if (o instanceof BigDecimal d) {
      return new Exact(d);
    }
    if (o instanceof BigInteger i) {
      return new Exact(new BigDecimal(i));
    }
    if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
      return new Exact(BigDecimal.valueOf(((Number) o).longValue()));
    }
    if (o instanceof Double || o instanceof Float) {
      return new Approx(((Number) o).doubleValue());
    }
    if (o instanceof String s) {
      return new Text(s);
    }
    if (o instanceof Boolean b) {
      return new Bool(b);
    }
    if (o instanceof java.sql.Date d) {
      return new Temporal(d.toLocalDate());
    }
    if (o instanceof java.sql.Timestamp t) {
      return new Temporal(t.toLocalDateTime());
    }
    if (o instanceof java.sql.Time t) {
      // Time.toLocalTime() drops the milliseconds.
      return new Temporal(Instant.ofEpochMilli(t.getTime()).atZone(ZoneId.systemDefault())
          .toLocalTime());
    }
    if (o instanceof LocalDate || o instanceof LocalDateTime || o instanceof LocalTime) {
      return new Temporal(o);
    }
    if (o instanceof OffsetDateTime t) {
      return new Temporal(t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
    }
    if (o instanceof Array a) {
      List<Value> items = new ArrayList<>();
      for (Object item : (Object[]) a.getArray()) {
        items.add(of(item));
      }
      return new Items(items);
    }
    if (o instanceof Object[] a) {
      List<Value> items = new ArrayList<>();
      for (Object item : a) {
        items.add(of(item));
      }
      return new Items(items);
    }
    if (o instanceof List<?> list) {
      List<Value> items = new ArrayList<>();
      for (Object item : list) {
        items.add(of(item));
      }
      return new Items(items);
    }
    return new Text(o.getClass().getName() + ":" + Objects.toString(o));
  }

  private static String numberKey(double d) {
    // Numbers sort before text and share a key whether exact or approximate.
    return "n" + String.format(Locale.ROOT, "%+.9e", d);
  }
}
