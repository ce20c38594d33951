package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The arguments of one call, checked against the tool's spec: unknown names, wrong types and
 * values out of range are {@code VALIDATION_FAILED} errors that say what is accepted.
 */
final class Args {
  private final ToolSpec spec;
  private final Map<String, Object> values;

  Args(ToolSpec spec, Map<String, Object> values) {
    this.spec = spec;
    this.values = values == null ? Map.of() : values;
    for (String key : this.values.keySet()) {
      if (spec.param(key) == null) {
        throw invalid("Unknown argument '" + key + "' for " + spec.name() + ". "
            + (spec.params().isEmpty() ? "It takes no arguments."
                : "Valid arguments: " + String.join(", ", spec.paramNames()) + "."));
      }
    }
    for (ToolParam p : spec.params()) {
      if (p.required() && this.values.get(p.name()) == null) {
        throw invalid(spec.name() + " needs the argument '" + p.name() + "': "
            + p.description());
      }
    }
  }

  boolean has(String name) {
    return values.get(name) != null;
  }

  String string(String name) {
    Object v = values.get(name);
    if (v == null) {
      return null;
    }
    if (v instanceof String) {
      return (String) v;
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    throw invalid("Argument '" + name + "' must be a string; got " + describe(v) + ".");
  }

  String requiredString(String name) {
    String s = string(name);
    if (s == null || s.isBlank()) {
      throw invalid(spec.name() + " needs a non-empty '" + name + "'.");
    }
    return s;
  }

  /** An integer argument, or {@code orElse} when absent; checked against the spec's minimum. */
  long integer(String name, long orElse) {
    Object v = values.get(name);
    if (v == null) {
      return orElse;
    }
    long n;
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      n = ((Number) v).longValue();
    } else if (v instanceof Number || v instanceof String) {
      try {
        BigDecimal d = new BigDecimal(v.toString().trim());
        n = d.longValueExact();
      } catch (NumberFormatException | ArithmeticException e) {
        throw invalid("Argument '" + name + "' must be a whole number; got " + describe(v) + ".");
      }
    } else {
      throw invalid("Argument '" + name + "' must be a whole number; got " + describe(v) + ".");
    }
    ToolParam p = spec.param(name);
    if (p.minimum() != null && n < p.minimum()) {
      throw invalid("Argument '" + name + "' must be at least " + p.minimum() + "; got " + n
          + ".");
    }
    return n;
  }

  /** An integer argument bounded by an operator limit: above the limit is an error, not a cut. */
  int bounded(String name, int orElse, int atMost) {
    long n = integer(name, orElse);
    if (n > atMost) {
      throw invalid("Argument '" + name + "' is " + n + "; the operator's limit is " + atMost
          + ". Ask for at most " + atMost + " and page through the rest.");
    }
    return (int) n;
  }

  boolean bool(String name, boolean orElse) {
    Object v = values.get(name);
    if (v == null) {
      return orElse;
    }
    if (v instanceof Boolean) {
      return (Boolean) v;
    }
    if (v instanceof String) {
      String s = ((String) v).trim();
      if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(s);
      }
    }
    throw invalid("Argument '" + name + "' must be true or false; got " + describe(v) + ".");
  }

  /** A list of strings; a single string is a list of one. Null when absent. */
  List<String> strings(String name) {
    Object v = values.get(name);
    if (v == null) {
      return null;
    }
    if (v instanceof String) {
      return List.of((String) v);
    }
    if (v instanceof List) {
      List<String> out = new ArrayList<>();
      for (Object o : (List<?>) v) {
        if (!(o instanceof String)) {
          throw invalid("Argument '" + name + "' must be a list of strings; it holds "
              + describe(o) + ".");
        }
        out.add((String) o);
      }
      return out;
    }
    throw invalid("Argument '" + name + "' must be a list of strings; got " + describe(v) + ".");
  }

  private static String describe(Object v) {
    String s = String.valueOf(v);
    if (s.length() > 60) {
      s = s.substring(0, 60) + "...";
    }
    String type = v instanceof String ? "text" : v instanceof Number ? "a number"
        : v instanceof Boolean ? "a boolean" : v instanceof List ? "a list"
        : v instanceof Map ? "an object" : "a value";
    return type + " (" + s + ")";
  }

  static CsvwsException invalid(String message) {
    return new CsvwsException(ErrorCode.VALIDATION_FAILED, message);
  }
}
