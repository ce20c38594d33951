package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.open;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every method of the JDBC interfaces a tool uses, called on an embedded connection with
 * plausible arguments, answers or throws an {@link SQLException} (often
 * {@link java.sql.SQLFeatureNotSupportedException}) that has a SQLState; never another
 * exception, which a BI tool would show as a crash. Each method gets fresh objects, so that a
 * {@code close} or {@code abort} does not spoil the next call.
 */
class JdbcSurfaceTest {
  private static final String QUERY = "SELECT id, name FROM t WHERE id > ? ORDER BY id";

  @TempDir
  Path dir;

  @BeforeEach
  void writeTable() {
    write(dir, "t.csv", "id,name\n1,one\n2,two\n");
  }

  /** What the test calls its methods on; {@link #make} gives a fresh one on a connection. */
  enum Target {
    CONNECTION(Connection.class),
    DATABASE_META_DATA(DatabaseMetaData.class),
    STATEMENT(Statement.class),
    PREPARED_STATEMENT(PreparedStatement.class),
    RESULT_SET(ResultSet.class),
    RESULT_SET_META_DATA(ResultSetMetaData.class);

    final Class<?> type;

    Target(Class<?> type) {
      this.type = type;
    }

    Object make(Connection c) throws SQLException {
      switch (this) {
        case CONNECTION:
          return c;
        case DATABASE_META_DATA:
          return c.getMetaData();
        case STATEMENT:
          return c.createStatement();
        case PREPARED_STATEMENT:
          PreparedStatement p = c.prepareStatement(QUERY);
          p.setInt(1, 0);
          return p;
        case RESULT_SET:
          ResultSet rs = c.createStatement().executeQuery("SELECT id, name FROM t ORDER BY id");
          rs.next();
          return rs;
        default:
          return c.createStatement().executeQuery("SELECT id, name FROM t").getMetaData();
      }
    }

    /** The text a String parameter gets: SQL, a column label, or null for a pattern. */
    String text() {
      switch (this) {
        case DATABASE_META_DATA:
          return null;
        case RESULT_SET:
        case RESULT_SET_META_DATA:
          return "name";
        default:
          return "SELECT id FROM t";
      }
    }
  }

  static Stream<Arguments> methods() {
    return Arrays.stream(Target.values()).flatMap(t -> Arrays.stream(t.type.getMethods())
        .sorted(Comparator.comparing(Method::toString))
        .map(m -> Arguments.of(t.type.getSimpleName() + "." + m.getName()
            + Arrays.toString(m.getParameterTypes()).replace("class ", "")
                .replace("interface ", ""), t, m)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("methods")
  void answersOrSaysItIsNotSupported(String name, Target target, Method method)
      throws Exception {
    try (Connection c = open(dir)) {
      Object on = target.make(c);
      Object[] args = new Object[method.getParameterCount()];
      Class<?>[] types = method.getParameterTypes();
      for (int i = 0; i < args.length; i++) {
        args[i] = plausible(types[i], target);
      }
      try {
        method.invoke(on, args);
      } catch (InvocationTargetException e) {
        Throwable thrown = e.getCause();
        assertThat(thrown).as("%s throws", name).isInstanceOf(SQLException.class);
        assertThat(((SQLException) thrown).getSQLState()).as("SQLState of %s: %s", name,
            thrown.getMessage()).isNotNull().hasSize(5);
        assertThat(thrown.getMessage()).as("message of %s", name).isNotBlank()
            .doesNotContain("todo");
      }
    }
  }

  private static Object plausible(Class<?> type, Target target) {
    if (type == int.class) {
      return 1;
    } else if (type == long.class) {
      return 1L;
    } else if (type == short.class) {
      return (short) 1;
    } else if (type == byte.class) {
      return (byte) 1;
    } else if (type == float.class) {
      return 1f;
    } else if (type == double.class) {
      return 1d;
    } else if (type == boolean.class) {
      return false;
    } else if (type == String.class) {
      return target.text();
    } else if (type == String[].class) {
      return new String[] {"id"};
    } else if (type == int[].class) {
      return new int[] {1};
    } else if (type == Object[].class) {
      return new Object[0];
    } else if (type == byte[].class) {
      return new byte[0];
    } else if (type == Object.class) {
      return "1";
    } else if (type == Class.class) {
      return String.class;
    } else if (type == Map.class) {
      return Map.of();
    } else if (type == Properties.class) {
      return new Properties();
    } else if (type == Calendar.class) {
      return Calendar.getInstance();
    } else if (type == Date.class) {
      return Date.valueOf("2024-01-02");
    } else if (type == Time.class) {
      return Time.valueOf("10:30:00");
    } else if (type == Timestamp.class) {
      return Timestamp.valueOf("2024-01-02 10:30:00");
    } else if (type == BigDecimal.class) {
      return BigDecimal.ONE;
    } else if (type == InputStream.class) {
      return new ByteArrayInputStream(new byte[0]);
    } else if (type == Reader.class) {
      return new StringReader("");
    } else if (type == Executor.class) {
      return (Executor) Runnable::run;
    } else if (type == SQLType.class) {
      return JDBCType.INTEGER;
    }
    return null; // Blob, Clob, Array, Ref, RowId, SQLXML, URL, Savepoint: none to hand.
  }

  /** What the metadata says of result sets is what result sets do. */
  @org.junit.jupiter.api.Test
  void theMetaDataTellsTheTruthAboutResultSets() throws Exception {
    try (Connection c = open(dir)) {
      DatabaseMetaData md = c.getMetaData();
      assertThat(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY)).isTrue();
      assertThat(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE)).isFalse();
      assertThat(md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.CONCUR_UPDATABLE)).isFalse();
      assertThat(md.supportsResultSetHoldability(md.getResultSetHoldability())).isTrue();
      assertThat(md.ownUpdatesAreVisible(ResultSet.TYPE_FORWARD_ONLY)).isFalse();
      assertThat(md.othersInsertsAreVisible(ResultSet.TYPE_FORWARD_ONLY)).isFalse();
      assertThat(md.updatesAreDetected(ResultSet.TYPE_FORWARD_ONLY)).isFalse();

      // A scrollable, updatable statement is given what csvws has, and says so.
      Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE,
          ResultSet.CONCUR_UPDATABLE);
      try (ResultSet rs = s.executeQuery("SELECT id, name FROM t ORDER BY id")) {
        assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
        assertThat(rs.getConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
        assertThat(rs.getHoldability()).isEqualTo(md.getResultSetHoldability());
        assertThat((Object) c.getWarnings()).isNotNull();
        assertThat(c.getWarnings().getMessage()).contains("forward only");
        assertThat(rs.next()).isTrue();
        SQLException text = org.assertj.core.api.Assertions.catchThrowableOfType(
            SQLException.class, () -> rs.getInt("name"));
        assertThat(text.getSQLState()).isEqualTo("22018");
        assertThat(text.getMessage()).isEqualTo("Column 2 (\"name\", VARCHAR) cannot be read "
            + "with getInt; read it with getObject or getString.");
        SQLException back = org.assertj.core.api.Assertions.catchThrowableOfType(
            SQLException.class, rs::previous);
        assertThat(back.getSQLState()).isEqualTo("0A000");
        assertThat(back.getMessage()).contains("forward only", "previous");
      }
    }
  }

  /** The interfaces hold every method a tool can call; a changed JDK would change the count. */
  @org.junit.jupiter.api.Test
  void everyInterfaceIsCovered() {
    List<String> names = new ArrayList<>();
    methods().forEach(a -> names.add((String) a.get()[0]));
    assertThat(names).hasSizeGreaterThan(600)
        .contains("DatabaseMetaData.supportsResultSetHoldability[int]");
  }
}
