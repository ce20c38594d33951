package io.csvws.sql;

import io.csvws.sql.ValueTests.Op;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlTimeLiteral;
import org.apache.calcite.sql.SqlTimestampLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * The conjuncts of a planner-free scan's WHERE ({@link SimpleScan}) that test a column: {@code
 * column op literal} or {@code literal op column} with op one of {@code =, <>, <, <=, >, >=},
 * {@code column BETWEEN literal AND literal}, and {@code column IS [NOT] NULL}.
 *
 * <p>A comparison is taken only where the literal fits the column's type with no coercion to
 * decide, so that the test can compare exactly as the planned statement's generated code does:
 * <ul>
 *   <li>an exact number against an INTEGER, BIGINT or DECIMAL column (compared by numeric value:
 *       Calcite compares the two without a cast, as {@code BigDecimal}s where either is one), an
 *       exact or approximate number against a DOUBLE column (the literal made a double, compared
 *       with primitive operators);</li>
 *   <li>a character literal (no charset or collation written) against a VARCHAR column,
 *       compared by {@link String#equals} and {@link String#compareTo}, as Calcite's
 *       {@code SqlFunctions} compare strings of a type without a collation;</li>
 *   <li>{@code DATE}, {@code TIME} and {@code TIMESTAMP} literals (to the millisecond) against
 *       columns of the same type, and {@code TRUE} or {@code FALSE} against a BOOLEAN column.</li>
 * </ul>
 * A NULL value passes no comparison. Anything else (another literal, a parameter, an expression,
 * a name written in another case, a condition the planner would find can never hold, which it
 * answers without reading the file) is left to the planner: {@link #resolve} returns null.
 *
 * <p>Integral values (INTEGER, BIGINT, epoch days of a DATE, milliseconds of a TIME or
 * TIMESTAMP, a BOOLEAN as 0 or 1) are tested as a range of longs: {@code qty > 50.5} is
 * {@code qty >= 51}, exact whatever the literal's scale. Stateless.
 */
final class SimpleCondition {
  private SimpleCondition() {
  }

  /** One test of one column, over the values of the column's type. */
  sealed interface Conjunct permits NullTest, Discrete, Ordered {
    /** The table ordinal of the column tested. */
    int ordinal();

    /** The test, reading the column's value at {@code position} of the filter row. */
    Predicate1<Object[]> test(int position);
  }

  /** {@code IS NULL} or {@code IS NOT NULL}. */
  record NullTest(int ordinal, boolean isNull) implements Conjunct {
    @Override
    public Predicate1<Object[]> test(int position) {
      return isNull ? new ValueTests.IsNull(position) : new ValueTests.IsNotNull(position);
    }
  }

  /**
   * Integral values from {@code lo} to {@code hi}, except {@code excluded} when not null; BOOLEAN
   * values as 0 and 1 when {@code bool}. Empty when {@code lo > hi}.
   */
  record Discrete(int ordinal, boolean bool, long lo, long hi, Long excluded)
      implements Conjunct {
    @Override
    public Predicate1<Object[]> test(int position) {
      if (bool) {
        boolean f = accepts(0);
        boolean t = accepts(1);
        return f && t ? new ValueTests.IsNotNull(position)
            : new ValueTests.BooleanIs(position, t);
      }
      if (excluded != null) {
        return new ValueTests.LongOther(position, excluded);
      }
      return lo == Long.MIN_VALUE && hi == Long.MAX_VALUE ? new ValueTests.IsNotNull(position)
          : new ValueTests.LongRange(position, lo, hi);
    }

    boolean accepts(long v) {
      return v >= lo && v <= hi && (excluded == null || excluded != v);
    }
  }

  /**
   * A comparison of DECIMAL ({@code BigDecimal}), DOUBLE ({@code Double}) or VARCHAR
   * ({@code String}) values with {@code value}.
   */
  record Ordered(int ordinal, SqlTypeName type, Op op, Comparable<?> value) implements Conjunct {
    @Override
    public Predicate1<Object[]> test(int position) {
      return switch (type) {
        case DECIMAL -> new ValueTests.DecimalCompare(position, op, (BigDecimal) value);
        case DOUBLE -> new ValueTests.DoubleCompare(position, op, (Double) value);
        default -> op == Op.EQ ? new ValueTests.TextEquals(position, (String) value)
            : new ValueTests.TextCompare(position, op, (String) value);
      };
    }

    @SuppressWarnings("unchecked")
    int compareTo(Comparable<?> other) {
      return ((Comparable<Object>) value).compareTo(other);
    }
  }

  /**
   * Whether {@code conjunct} has the shape of a column test, names resolved or not: the first
   * look at a statement, before any table is looked up.
   */
  static boolean isShape(SqlNode conjunct) {
    if (!(conjunct instanceof SqlBasicCall call)) {
      return false;
    }
    List<SqlNode> operands = call.getOperandList();
    return switch (call.getKind()) {
      case IS_NULL, IS_NOT_NULL -> operands.size() == 1 && isName(operands.get(0));
      case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN,
          GREATER_THAN_OR_EQUAL -> operands.size() == 2
          && (isName(operands.get(0)) && isLiteral(operands.get(1))
              || isLiteral(operands.get(0)) && isName(operands.get(1)));
      case BETWEEN -> plainBetween(call) && isName(operands.get(0))
          && isLiteral(operands.get(1)) && isLiteral(operands.get(2));
      default -> false;
    };
  }

  /** {@code x BETWEEN a AND b}: not negated, not SYMMETRIC. */
  static boolean plainBetween(SqlBasicCall call) {
    return call.getOperator() instanceof SqlBetweenOperator between && !between.isNegated()
        && between.flag == SqlBetweenOperator.Flag.ASYMMETRIC && call.operandCount() == 3;
  }

  private static boolean isName(SqlNode node) {
    return node instanceof SqlIdentifier id && id.isSimple() && !id.isStar();
  }

  /**
   * The tests {@code conjunct} makes of the table's columns (two for BETWEEN), when this path
   * answers it exactly as the planner would; else null.
   *
   * @param columns the table's columns, which resolve a name as {@link SimpleScan} does
   * @param aliases the labels of the select list, in lower case: a WHERE naming one of them is
   *     left to the validator
   * @param reader for user-defined type names, which a {@code DATE '...'} literal could name
   */
  static List<Conjunct> resolve(SqlNode conjunct, TableColumns columns, Set<String> aliases,
      CsvwsPrepare.CatalogReader reader) {
    if (!isShape(conjunct)) {
      return null;
    }
    SqlBasicCall call = (SqlBasicCall) conjunct;
    List<SqlNode> operands = call.getOperandList();
    SqlKind kind = call.getKind();
    boolean reversed = !isName(operands.get(0));
    SqlIdentifier name = (SqlIdentifier) operands.get(reversed ? 1 : 0);
    if (aliases.contains(name.getSimple().toLowerCase(java.util.Locale.ROOT))) {
      return null;
    }
    int ordinal = columns.ordinal(name);
    if (ordinal < 0 || ordinal == columns.rowOrdinal()) {
      return null;
    }
    RelDataType type = columns.type(ordinal);
    if (kind == SqlKind.IS_NULL || kind == SqlKind.IS_NOT_NULL) {
      return List.of(new NullTest(ordinal, kind == SqlKind.IS_NULL));
    }
    if (kind == SqlKind.BETWEEN) {
      Conjunct lo = compare(ordinal, type, Op.GE, operands.get(1), reader);
      Conjunct hi = compare(ordinal, type, Op.LE, operands.get(2), reader);
      return lo == null || hi == null ? null : List.of(lo, hi);
    }
    Op op = switch (kind) {
      case EQUALS -> Op.EQ;
      case NOT_EQUALS -> Op.NE;
      case LESS_THAN -> Op.LT;
      case LESS_THAN_OR_EQUAL -> Op.LE;
      case GREATER_THAN -> Op.GT;
      default -> Op.GE;
    };
    Conjunct c = compare(ordinal, type, reversed ? op.reverse() : op,
        operands.get(reversed ? 0 : 1), reader);
    return c == null ? null : List.of(c);
  }

  /**
   * Whether {@code node} is a literal (not NULL or UNKNOWN), or a numeric literal with a sign
   * ({@code -5}, which the parser reads as a call).
   */
  static boolean isLiteral(SqlNode node) {
    if (node instanceof SqlLiteral literal) {
      return literal.getTypeName() != SqlTypeName.NULL && literal.getValue() != null;
    }
    return signed(node) != null;
  }

  /** The numeric literal under a sign, or null. */
  private static SqlNumericLiteral signed(SqlNode node) {
    return node instanceof SqlBasicCall call && call.operandCount() == 1
        && (call.getKind() == SqlKind.MINUS_PREFIX || call.getKind() == SqlKind.PLUS_PREFIX)
        && call.operand(0) instanceof SqlNumericLiteral n && n.getValue() != null ? n : null;
  }

  /** The test {@code column op literal}, or null when the literal does not fit the column. */
  private static Conjunct compare(int ordinal, RelDataType type, Op op, SqlNode operand,
      CsvwsPrepare.CatalogReader reader) {
    SqlTypeName columnType = type.getSqlTypeName();
    RelDataTypeSystem typeSystem = reader.getTypeFactory().getTypeSystem();
    if (!(operand instanceof SqlLiteral literal)) {
      // A signed number.
      SqlNumericLiteral n = signed(operand);
      BigDecimal v = columnType == SqlTypeName.DOUBLE || n.isExact() ? number(n, typeSystem)
          : null;
      if (v == null) {
        return null;
      }
      if (((SqlCall) operand).getKind() == SqlKind.MINUS_PREFIX) {
        v = v.negate();
      }
      return number(ordinal, columnType, op, v);
    }
    switch (columnType) {
      case INTEGER:
      case BIGINT:
      case DECIMAL: {
        BigDecimal v = literal instanceof SqlNumericLiteral n && n.isExact()
            ? number(n, typeSystem) : null;
        return v == null ? null : number(ordinal, columnType, op, v);
      }
      case DOUBLE: {
        BigDecimal v = literal instanceof SqlNumericLiteral n ? number(n, typeSystem) : null;
        return v == null ? null : number(ordinal, columnType, op, v);
      }
      case VARCHAR: {
        String s = text(literal);
        return s == null ? null : new Ordered(ordinal, SqlTypeName.VARCHAR, op, s);
      }
      case BOOLEAN: {
        if (literal.getTypeName() != SqlTypeName.BOOLEAN
            || !(literal.getValue() instanceof Boolean b)) {
          return null;
        }
        return discrete(ordinal, true, op, b ? BigDecimal.ONE : BigDecimal.ZERO);
      }
      case DATE:
      case TIME:
      case TIMESTAMP: {
        Long v = temporal(literal, columnType, reader);
        return v == null ? null : discrete(ordinal, false, op, BigDecimal.valueOf(v));
      }
      default:
        return null;
    }
  }

  /**
   * The values of an integral column that {@code column op v} accepts, exactly: {@code > 1.5}
   * is {@code >= 2}, {@code = 1.5} none, {@code <> 1.5} every one.
   */
  private static Discrete discrete(int ordinal, boolean bool, Op op, BigDecimal v) {
    BigDecimal floor = v.setScale(0, RoundingMode.FLOOR);
    BigDecimal ceiling = v.setScale(0, RoundingMode.CEILING);
    boolean integral = floor.compareTo(v) == 0;
    return switch (op) {
      case EQ -> integral && fits(v) ? new Discrete(ordinal, bool, v.longValueExact(),
          v.longValueExact(), null) : new Discrete(ordinal, bool, 1, 0, null);
      case NE -> new Discrete(ordinal, bool, Long.MIN_VALUE, Long.MAX_VALUE,
          integral && fits(v) ? v.longValueExact() : null);
      case GT -> from(ordinal, bool, floor.add(BigDecimal.ONE));
      case GE -> from(ordinal, bool, ceiling);
      case LT -> upTo(ordinal, bool, ceiling.subtract(BigDecimal.ONE));
      case LE -> upTo(ordinal, bool, floor);
    };
  }

  private static final BigDecimal MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private static boolean fits(BigDecimal v) {
    return v.compareTo(MIN) >= 0 && v.compareTo(MAX) <= 0;
  }

  /** Integral values from {@code lo} (an integer). */
  private static Discrete from(int ordinal, boolean bool, BigDecimal lo) {
    if (lo.compareTo(MAX) > 0) {
      return new Discrete(ordinal, bool, 1, 0, null);
    }
    return new Discrete(ordinal, bool, lo.max(MIN).longValueExact(), Long.MAX_VALUE, null);
  }

  /** Integral values up to {@code hi} (an integer). */
  private static Discrete upTo(int ordinal, boolean bool, BigDecimal hi) {
    if (hi.compareTo(MIN) < 0) {
      return new Discrete(ordinal, bool, 1, 0, null);
    }
    return new Discrete(ordinal, bool, Long.MIN_VALUE, hi.min(MAX).longValueExact(), null);
  }

  /** The test of a numeric column with the number {@code v}. */
  private static Conjunct number(int ordinal, SqlTypeName columnType, Op op, BigDecimal v) {
    return switch (columnType) {
      case INTEGER, BIGINT -> discrete(ordinal, false, op, v);
      case DECIMAL -> new Ordered(ordinal, SqlTypeName.DECIMAL, op, v);
      default -> new Ordered(ordinal, SqlTypeName.DOUBLE, op, v.doubleValue());
    };
  }

  /**
   * The value of a numeric literal, when the validator takes it as it is written: an exact one
   * within the type system's DECIMAL precision and scale (counted with its trailing zeros, which
   * give it its type), an approximate one a finite double; else null, and the validator says
   * what is wrong.
   */
  private static BigDecimal number(SqlNumericLiteral n, RelDataTypeSystem typeSystem) {
    BigDecimal v = n.getValueAs(BigDecimal.class);
    if (!n.isExact()) {
      return Double.isFinite(v.doubleValue()) ? v : null;
    }
    return v.precision() > typeSystem.getMaxPrecision(SqlTypeName.DECIMAL)
        || v.scale() > typeSystem.getMaxScale(SqlTypeName.DECIMAL) || v.scale() < 0 ? null : v;
  }

  /**
   * The text of a character literal without charset or collation, holding no lone surrogate
   * (which no UTF-8 column value holds); else null.
   */
  private static String text(SqlLiteral literal) {
    if (!(literal instanceof SqlCharStringLiteral)
        || !(literal.getValue() instanceof NlsString nls) || nls.getCharsetName() != null
        || nls.getCollation() != null) {
      return null;
    }
    String s = nls.getValue();
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (Character.isHighSurrogate(ch) && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(ch)) {
        return null;
      }
    }
    return s;
  }

  /**
   * Epoch days of a DATE literal, milliseconds of the day of a TIME literal or since the epoch
   * of a TIMESTAMP literal, when the literal is of {@code type} and at most milliseconds
   * precise (as the column's values are); else null.
   */
  private static Long temporal(SqlLiteral literal, SqlTypeName type,
      CsvwsPrepare.CatalogReader reader) {
    SqlLiteral resolved = literal;
    if (literal instanceof SqlUnknownLiteral unknown) {
      // The validator resolves the tag as a type name: a user-defined type first.
      SqlTypeName tagged = SqlTypeName.get(unknown.tag);
      if (tagged != type
          || reader.getNamedType(new SqlIdentifier(unknown.tag, SqlParserPos.ZERO)) != null) {
        return null;
      }
      try {
        resolved = unknown.resolve(type);
      } catch (RuntimeException e) {
        return null; // not a valid literal: the validator says why
      }
    }
    if (resolved.getTypeName() != type) {
      return null;
    }
    // The validator refuses years outside 1 to 9999.
    Calendar calendar = resolved.getValueAs(Calendar.class);
    int year = calendar.get(Calendar.YEAR);
    if (year < 1 || year > 9999 || calendar.get(Calendar.ERA) == GregorianCalendar.BC) {
      return null;
    }
    return switch (type) {
      case DATE -> (long) resolved.getValueAs(DateString.class).getDaysSinceEpoch();
      case TIME -> resolved instanceof SqlTimeLiteral t && t.getPrec() <= 3
          ? (long) resolved.getValueAs(TimeString.class).getMillisOfDay() : null;
      default -> resolved instanceof SqlTimestampLiteral t && t.getPrec() <= 3
          ? resolved.getValueAs(TimestampString.class).getMillisSinceEpoch() : null;
    };
  }

  /**
   * Whether some non-NULL or NULL value can pass all of {@code conjuncts}. The planner answers a
   * condition it finds can never hold ({@code x > 5 AND x < 3}, {@code x IS NULL AND x = 1})
   * without reading the file, so such a condition is left to it. The test here finds at least
   * what the planner's simplification finds: over integral values it also sees {@code x > 1 AND
   * x < 2} empty, which the planner answers by a scan, and this path too could.
   */
  static boolean satisfiable(List<Conjunct> conjuncts) {
    Map<Integer, List<Conjunct>> byColumn = new HashMap<>();
    for (Conjunct c : conjuncts) {
      byColumn.computeIfAbsent(c.ordinal(), k -> new ArrayList<>()).add(c);
    }
    for (List<Conjunct> column : byColumn.values()) {
      if (!satisfiableColumn(column)) {
        return false;
      }
    }
    return true;
  }

  private static boolean satisfiableColumn(List<Conjunct> conjuncts) {
    boolean isNull = false;
    boolean nonNull = false;
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    List<Long> excludedLongs = new ArrayList<>();
    Ordered lower = null;
    Ordered upper = null;
    List<Ordered> excluded = new ArrayList<>();
    for (Conjunct c : conjuncts) {
      if (c instanceof NullTest t) {
        isNull |= t.isNull();
        nonNull |= !t.isNull();
      } else if (c instanceof Discrete d) {
        nonNull = true;
        lo = Math.max(lo, d.lo());
        hi = Math.min(hi, d.hi());
        if (d.bool()) {
          lo = Math.max(lo, 0);
          hi = Math.min(hi, 1);
        }
        if (d.excluded() != null) {
          excludedLongs.add(d.excluded());
        }
      } else if (c instanceof Ordered o) {
        nonNull = true;
        if (o.op() == Op.NE) {
          excluded.add(o);
        }
        if ((o.op() == Op.EQ || o.op() == Op.GT || o.op() == Op.GE)
            && (lower == null || tighterLower(o, lower))) {
          lower = o;
        }
        if ((o.op() == Op.EQ || o.op() == Op.LT || o.op() == Op.LE)
            && (upper == null || tighterUpper(o, upper))) {
          upper = o;
        }
      }
    }
    if (isNull) {
      return !nonNull;
    }
    if (lo > hi) {
      return false;
    }
    if (hi - lo >= 0 && hi - lo < 64) { // a few values: is any of them not excluded?
      boolean any = false;
      for (long v = lo; v <= hi && !any; v++) {
        any = !excludedLongs.contains(v);
        if (v == Long.MAX_VALUE) {
          break;
        }
      }
      if (!any) {
        return false;
      }
    }
    if (lower == null || upper == null) {
      return true;
    }
    int cmp = lower.compareTo(upper.value());
    if (cmp > 0) {
      return false;
    }
    if (cmp == 0) {
      if (lower.op() == Op.GT || upper.op() == Op.LT) {
        return false;
      }
      for (Ordered e : excluded) {
        if (lower.compareTo(e.value()) == 0) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether lower bound {@code a} accepts fewer values than {@code b}. */
  private static boolean tighterLower(Ordered a, Ordered b) {
    int cmp = a.compareTo(b.value());
    return cmp > 0 || cmp == 0 && a.op() == Op.GT;
  }

  /** Whether upper bound {@code a} accepts fewer values than {@code b}. */
  private static boolean tighterUpper(Ordered a, Ordered b) {
    int cmp = a.compareTo(b.value());
    return cmp < 0 || cmp == 0 && a.op() == Op.LT;
  }
}
