import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.StringJoiner;

/**
 * Writes the driver's JDBC forwarding classes from the JDK's own interfaces, at build time
 * (generate-sources), so that no hand-kept list of JDBC methods can fall behind the interface.
 *
 * <p>Each class is abstract and package-private in {@code io.csvws.driver}: the csvws classes
 * extending them override only what csvws changes. A forwarded method that declares
 * {@code SQLException} passes its failure through {@code failed(...)}, which gives it a SQLState
 * and names the method (and, for a result set's getters and updaters, the column).
 *
 * <p>Run as a single-file program: {@code java JdbcForwarding.java OUTPUT_FOLDER}.
 */
public final class JdbcForwarding {
  private static final String PACKAGE = "io.csvws.driver";

  private JdbcForwarding() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java JdbcForwarding.java OUTPUT_FOLDER");
      System.exit(2);
    }
    Path out = Path.of(args[0], PACKAGE.split("\\."));
    Files.createDirectories(out);
    write(out, "DelegatingConnection", delegating(Connection.class, "Connection"));
    write(out, "DelegatingStatement", delegating(Statement.class, "Statement"));
    write(out, "DelegatingDatabaseMetaData",
        delegating(DatabaseMetaData.class, "DatabaseMetaData"));
    write(out, "DelegatingPreparedStatement", preparedStatement());
    write(out, "DelegatingResultSet", resultSet());
    write(out, "UnsupportedResultSet", unsupportedResultSet());
  }

  private static void write(Path folder, String name, String source) throws IOException {
    Path file = folder.resolve(name + ".java");
    byte[] bytes = source.getBytes(StandardCharsets.UTF_8);
    // Unchanged output keeps its time stamp, so the compiler has nothing new to do.
    if (Files.exists(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
      return;
    }
    Files.write(file, bytes);
  }

  /**
   * Forwarding of every method of {@code type}, failures completed by SqlStates, to a delegate
   * reached through an abstract {@code delegate()}, which the csvws class makes on first use:
   * connections, statements and metadata answer much without the engine's Calcite connection.
   */
  private static String delegating(Class<?> type, String simple) {
    StringBuilder s = header();
    s.append("/**\n * Forwards every {@link ").append(simple).append("} method to a delegate, so "
        + "that the csvws class\n * extending it holds only what csvws changes. Generated at "
        + "build time from the JDK's\n * interface by {@code driver/src/build/JdbcForwarding.java}: "
        + "do not edit.\n */\n");
    s.append("@SuppressWarnings(\"deprecation\")\n");
    s.append("abstract class Delegating").append(simple).append(" implements ").append(simple)
        .append(" {\n");
    s.append("  /** The object every method is forwarded to, made on first use. */\n");
    s.append("  abstract ").append(simple).append(" delegate() throws SQLException;\n\n");
    s.append("  /** {@code e} with a SQLState and a message (see {@link SqlStates}). */\n");
    s.append("  SQLException failed(SQLException e, String method) {\n"
        + "    return SqlStates.complete(e, method, null);\n  }\n");
    for (Method m : methods(type, false)) {
      if (!Arrays.asList(m.getExceptionTypes()).contains(SQLException.class)) {
        // Making the delegate may fail with an SQLException the method cannot throw (such as
        // setClientInfo's SQLClientInfoException): left abstract, for the csvws class.
        continue;
      }
      s.append(forward(m, "delegate()", false, false));
    }
    return s.append("}\n").toString();
  }

  private static String preparedStatement() {
    StringBuilder s = header();
    s.append("/**\n * Forwards every method {@link PreparedStatement} declares beyond "
        + "{@link Statement} to a\n * delegate, on top of csvws's statement behaviour, so that "
        + "the csvws class extending it holds\n * only what csvws changes. Generated at build time "
        + "from the JDK's interface by\n * {@code driver/src/build/JdbcForwarding.java}: do not "
        + "edit.\n */\n");
    s.append("@SuppressWarnings(\"deprecation\")\n");
    s.append("abstract class DelegatingPreparedStatement extends CsvwsStatement implements "
        + "PreparedStatement {\n");
    s.append("  protected final PreparedStatement prepared;\n\n");
    s.append("  DelegatingPreparedStatement(CsvwsConnection connection, PreparedStatement "
        + "delegate)\n      throws SQLException {\n    super(connection, delegate);\n    this.prepared = delegate;\n  }\n");
    for (Method m : methods(PreparedStatement.class, true)) {
      s.append(forward(m, "prepared", false, false));
    }
    return s.append("}\n").toString();
  }

  private static String resultSet() {
    StringBuilder s = header();
    s.append("/**\n * Forwards every {@link ResultSet} method to a delegate, so that the csvws "
        + "class extending it\n * holds only what csvws changes. A getter's failure (a value "
        + "that cannot be converted, a\n * column that does not exist) also leaves as an "
        + "SQLException, since Avatica's getters throw\n * unchecked ones too. Generated at build "
        + "time from the JDK's interface by\n * {@code driver/src/build/JdbcForwarding.java}: do "
        + "not edit.\n */\n");
    s.append("@SuppressWarnings(\"deprecation\")\n");
    s.append("abstract class DelegatingResultSet implements ResultSet {\n");
    s.append("  protected final ResultSet delegate;\n\n");
    s.append("  DelegatingResultSet(ResultSet delegate) {\n    this.delegate = delegate;\n  }\n\n");
    s.append("  /** {@code e} with a SQLState and a message naming {@code method}. */\n");
    s.append("  abstract SQLException failed(Exception e, String method);\n\n");
    s.append("  /** {@code e} with a SQLState and a message naming the method and the column. */\n");
    s.append("  abstract SQLException failed(Exception e, String method, int columnIndex);\n\n");
    s.append("  /** {@code e} with a SQLState and a message naming the method and the column. */\n");
    s.append("  abstract SQLException failed(Exception e, String method, String columnLabel);\n");
    for (Method m : methods(ResultSet.class, false)) {
      boolean reads = m.getName().startsWith("get") || m.getName().equals("findColumn");
      boolean names = reads || m.getName().startsWith("update");
      Class<?>[] p = m.getParameterTypes();
      boolean column = names && p.length > 0 && (p[0] == int.class || p[0] == String.class);
      s.append(forward(m, "delegate", reads, column));
    }
    return s.append("}\n").toString();
  }

  private static String unsupportedResultSet() {
    StringBuilder s = header();
    s.append("/**\n * A {@link ResultSet} on which every method fails with "
        + "{@link SQLFeatureNotSupportedException}\n * naming the method, so that a subclass "
        + "implements only what it supports. Generated at build time\n * from the JDK's interface "
        + "by {@code driver/src/build/JdbcForwarding.java}: do not edit.\n */\n");
    s.append("@SuppressWarnings(\"deprecation\")\n");
    s.append("abstract class UnsupportedResultSet implements ResultSet {\n\n");
    s.append("  static SQLFeatureNotSupportedException unsupported(String method) {\n"
        + "    return new SQLFeatureNotSupportedException(\n"
        + "        \"ResultSet.\" + method + \" is not supported by this metadata result set.\", "
        + "\"0A000\");\n  }\n");
    for (Method m : methods(ResultSet.class, false)) {
      s.append("\n  @Override\n  public ").append(signature(m)).append(" {\n");
      s.append("    throw unsupported(\"").append(m.getName()).append("\");\n  }\n");
    }
    return s.append("}\n").toString();
  }

  private static StringBuilder header() {
    return new StringBuilder("package ").append(PACKAGE).append(";\n\n")
        .append("import java.sql.*;\n\n");
  }

  /** The interface's abstract and default methods, in a stable order. */
  private static List<Method> methods(Class<?> type, boolean declaredOnly) {
    Method[] all = declaredOnly ? type.getDeclaredMethods() : type.getMethods();
    return Arrays.stream(all)
        // Wrapper's methods are each csvws class's own decision: forwarding unwrap would hand
        // out the engine's objects behind csvws's back.
        .filter(m -> !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()
            && m.getDeclaringClass() != java.sql.Wrapper.class)
        .sorted(Comparator.comparing(Method::getName)
            .thenComparing(m -> Arrays.toString(m.getParameterTypes())))
        .toList();
  }

  private static String forward(Method m, String target, boolean catchUnchecked,
      boolean column) {
    StringBuilder s = new StringBuilder("\n  @Override\n  public ").append(signature(m))
        .append(" {\n");
    String call = target + "." + m.getName() + "(" + argumentList(m) + ");\n";
    String prefix = m.getReturnType() == void.class ? "" : "return ";
    boolean wraps = Arrays.asList(m.getExceptionTypes()).contains(SQLException.class);
    if (!wraps) {
      return s.append("    ").append(prefix).append(call).append("  }\n").toString();
    }
    s.append("    try {\n      ").append(prefix).append(call);
    s.append("    } catch (SQLException").append(catchUnchecked ? " | RuntimeException" : "")
        .append(" e) {\n");
    s.append("      throw failed(e, \"").append(m.getName()).append('"')
        .append(column ? ", " + parameterName(m, 0) : "").append(");\n    }\n  }\n");
    return s.toString();
  }

  private static String argumentList(Method m) {
    StringJoiner a = new StringJoiner(", ");
    for (int i = 0; i < m.getParameterCount(); i++) {
      a.add(parameterName(m, i));
    }
    return a.toString();
  }

  private static String signature(Method m) {
    StringBuilder s = new StringBuilder();
    TypeVariable<Method>[] variables = m.getTypeParameters();
    if (variables.length > 0) {
      StringJoiner v = new StringJoiner(", ", "<", "> ");
      for (TypeVariable<Method> t : variables) {
        v.add(t.getName());
      }
      s.append(v);
    }
    s.append(typeName(m.getGenericReturnType())).append(' ').append(m.getName()).append('(');
    Type[] params = m.getGenericParameterTypes();
    StringJoiner p = new StringJoiner(", ");
    for (int i = 0; i < params.length; i++) {
      p.add(typeName(params[i]) + " " + parameterName(m, i));
    }
    s.append(p).append(')');
    Class<?>[] thrown = m.getExceptionTypes();
    if (thrown.length > 0) {
      StringJoiner t = new StringJoiner(", ", " throws ", "");
      for (Class<?> c : thrown) {
        t.add(typeName(c));
      }
      s.append(t);
    }
    return s.toString();
  }

  /** The JDK's java.sql classes keep no parameter names; these say what the common ones are. */
  private static String parameterName(Method m, int i) {
    Class<?> type = m.getParameterTypes()[i];
    String name = m.getName();
    if (i == 0 && m.getDeclaringClass() == ResultSet.class
        && (name.startsWith("get") || name.startsWith("update") || name.equals("findColumn"))) {
      if (type == int.class) {
        return "columnIndex";
      }
      if (type == String.class) {
        return "columnLabel";
      }
    }
    if (i == 0 && m.getDeclaringClass() == PreparedStatement.class && name.startsWith("set")
        && type == int.class) {
      return "parameterIndex";
    }
    return "arg" + i;
  }

  private static String typeName(Type type) {
    String name = type.getTypeName();
    return name.replaceAll("\\bjava\\.lang\\.(?=[A-Z])", "")
        .replaceAll("\\bjava\\.sql\\.(?=[A-Z])", "");
  }
}
