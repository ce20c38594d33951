package io.csvws.driver;

import io.csvws.engine.QueryText;
import io.csvws.error.Sentences;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.Set;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * A {@code jdbc:csvws:remote:} connection: Avatica's remote JDBC objects behind proxies that make
 * them behave as embedded csvws does where Avatica's client decides on its own.
 *
 * <ul>
 *   <li>{@code executeUpdate} and {@code executeLargeUpdate} (of a statement or a prepared one),
 *       {@code addBatch} and {@code executeBatch} are decided here as embedded csvws decides
 *       them, without asking the gateway: a statement that does not parse or writes is refused
 *       as such, anything else with {@code 25006}; a batch is always empty. (Avatica's client
 *       would run a query given to executeUpdate and answer -1, and send batches to the server
 *       at executeBatch, reporting a refusal as a RuntimeException.)
 *   <li>Every failure is an {@code SQLException} with a SQLState: Avatica's client lets the
 *       server's errors out of {@code createStatement}, {@code DatabaseMetaData} and
 *       {@code executeBatch} as {@code AvaticaClientRuntimeException}, which carries the SQLState,
 *       and its own refusals often have none.
 *   <li>A statement that writes, or does not parse, is refused at {@code prepareStatement} by
 *       the same guard as embedded, so with the same message: Avatica's client replaces the
 *       gateway's message of a failed prepare by its own ("while preparing SQL").
 *   <li>The ten {@code DatabaseMetaData} questions Avatica's client answers with
 *       {@code RuntimeException: todo} are answered as embedded csvws answers them.
 * </ul>
 *
 * <p>Everything else goes to Avatica's object unchanged, and JDBC objects it returns are wrapped
 * in turn. Thread-safe as the objects it wraps are.
 */
final class RemoteJdbc implements InvocationHandler {
  /** Return types whose values are wrapped. */
  private static final Set<Class<?>> WRAPPED = Set.of(Statement.class, PreparedStatement.class,
      CallableStatement.class, ResultSet.class, DatabaseMetaData.class, ResultSetMetaData.class,
      ParameterMetaData.class);

  /** Result-set change questions of DatabaseMetaData: csvws results cannot be changed. */
  private static final Set<String> NEVER = Set.of("ownUpdatesAreVisible", "ownDeletesAreVisible",
      "ownInsertsAreVisible", "othersUpdatesAreVisible", "othersDeletesAreVisible",
      "othersInsertsAreVisible", "updatesAreDetected", "deletesAreDetected",
      "insertsAreDetected");

  private final Object delegate;
  private final String endpoint;
  /** The proxy of the statement a result set belongs to, or null. */
  private final Object statement;
  /** The proxy of the connection; set once the connection's own proxy exists. */
  private Object connection;

  private RemoteJdbc(Object delegate, String endpoint, Object connection, Object statement) {
    this.delegate = delegate;
    this.endpoint = endpoint;
    this.connection = connection;
    this.statement = statement;
  }

  /**
   * Opens Avatica's remote connection to {@code avaticaUrl}, sending {@code server} to the
   * gateway as connection properties.
   *
   * @param endpoint the gateway's URL, for messages
   */
  static Connection connect(String avaticaUrl, Properties server, String endpoint)
      throws SQLException {
    Connection c;
    try {
      c = new org.apache.calcite.avatica.remote.Driver().connect(avaticaUrl, server);
    } catch (SQLException | RuntimeException e) {
      throw failure(e, "getConnection", endpoint);
    }
    RemoteJdbc handler = new RemoteJdbc(c, endpoint, null, null);
    Connection proxy = (Connection) Proxy.newProxyInstance(RemoteJdbc.class.getClassLoader(),
        new Class<?>[] {Connection.class}, handler);
    handler.connection = proxy;
    return proxy;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    int arity = method.getParameterCount();
    if (method.getDeclaringClass() == Object.class) {
      return switch (name) {
        case "equals" -> proxy == args[0];
        case "hashCode" -> System.identityHashCode(proxy);
        default -> "csvws remote " + delegate;
      };
    }
    if (arity == 1 && (name.equals("unwrap") || name.equals("isWrapperFor"))
        && ((Class<?>) args[0]).isInstance(proxy)) {
      return name.equals("unwrap") ? proxy : Boolean.TRUE;
    }
    if (delegate instanceof Statement s) {
      boolean sqlFirst = arity > 0 && method.getParameterTypes()[0] == String.class;
      switch (name) {
        case "executeUpdate", "executeLargeUpdate" -> {
          checkOpen(s);
          if (sqlFirst) {
            guard((String) args[0]);
          }
          throw CsvwsStatement.updateRefused();
        }
        case "addBatch" -> {
          checkOpen(s);
          if (sqlFirst) {
            guard((String) args[0]);
          }
          throw CsvwsStatement.batchRefused();
        }
        case "executeBatch" -> {
          checkOpen(s);
          return new int[0];
        }
        case "executeLargeBatch" -> {
          checkOpen(s);
          return new long[0];
        }
        case "clearBatch" -> {
          checkOpen(s);
          return null;
        }
        case "execute" -> {
          if (arity == 2 && !(delegate instanceof PreparedStatement)) {
            // Generated keys mean nothing for a query: run it as execute(sql), as embedded does.
            return call(proxy, Statement.class.getMethod("execute", String.class),
                new Object[] {args[0]});
          }
        }
        case "getConnection" -> {
          checkOpen(s);
          return connection;
        }
        default -> {
        }
      }
    } else if (delegate instanceof Connection
        && (name.equals("prepareStatement") || name.equals("prepareCall"))) {
      // Avatica's client reports a failed prepare with its own words only ("while preparing
      // SQL"): what the guard refuses is refused here, with the words embedded csvws uses.
      guard((String) args[0]);
    } else if (delegate instanceof DatabaseMetaData) {
      if (name.equals("getConnection")) {
        return connection;
      }
      if (NEVER.contains(name)) {
        return Boolean.FALSE;
      }
      if (name.equals("supportsResultSetHoldability")) {
        return (Integer) args[0] == ResultSet.HOLD_CURSORS_OVER_COMMIT;
      }
    } else if (delegate instanceof ResultSet && name.equals("getStatement") && statement != null) {
      call(proxy, method, args);
      return statement;
    }
    return call(proxy, method, args);
  }

  /** Calls {@code method} on Avatica's object, translating failures and wrapping the result. */
  private Object call(Object proxy, Method method, Object[] args) throws SQLException {
    Object result;
    try {
      result = method.invoke(delegate, args);
    } catch (InvocationTargetException e) {
      throw failure(e.getCause(), method.getName(), endpoint);
    } catch (IllegalAccessException e) {
      throw failure(e, method.getName(), endpoint);
    }
    Class<?> type = method.getReturnType();
    if (result == null || !WRAPPED.contains(type)) {
      return result;
    }
    Object owner = type == ResultSet.class && delegate instanceof Statement ? proxy : null;
    RemoteJdbc handler = new RemoteJdbc(result, endpoint, connection, owner);
    return Proxy.newProxyInstance(RemoteJdbc.class.getClassLoader(), new Class<?>[] {type},
        handler);
  }

  private static void checkOpen(Statement s) throws SQLException {
    if (s.isClosed()) {
      throw SqlErrors.closed("Statement");
    }
  }

  /** Refuses, as embedded csvws does, a statement that does not parse or that writes. */
  private static void guard(String sql) throws SQLException {
    try {
      QueryText.checkIsQuery(sql);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  /**
   * {@code t} as an SQLException with a SQLState and a message.
   *
   * @param method the JDBC method that failed
   */
  static SQLException failure(Throwable t, String method, String endpoint) {
    if (t instanceof SQLException s) {
      return SqlStates.complete(s, method, null);
    }
    if (t instanceof AvaticaClientRuntimeException a) {
      String state = a.getSqlState();
      if (state == null || state.isBlank() || state.equals("00000")) {
        state = SqlStates.GENERAL;
      }
      return new SQLException(Sentences.ending(String.valueOf(a.getMessage())), state, a);
    }
    String message = String.valueOf(t.getMessage());
    if (message.startsWith("todo")) {
      return new SQLFeatureNotSupportedException("The csvws remote client does not support "
          + method + ".", SqlStates.NOT_SUPPORTED, t);
    }
    if (message.contains("HTTP/401") || message.contains("HTTP/403")) {
      return new SQLException("The csvws gateway at " + endpoint + " refused the user name or "
          + "password; give the user and password of the gateway's users file.", "28000", t);
    }
    if (cause(t, IOException.class) || message.contains("HTTP/")) {
      return new SQLException("Cannot reach the csvws gateway at " + endpoint + " ("
          + message + "); check the URL and that the gateway is running.",
          method.equals("getConnection") ? "08001" : "08006", t);
    }
    if (t instanceof Error) {
      return new SQLException("The csvws remote client failed with an internal error ("
          + t.getClass().getSimpleName() + ": " + message + ") in " + method + ".", "XX000", t);
    }
    return new SQLException(Sentences.ending(message), SqlStates.GENERAL, t);
  }

  private static boolean cause(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }
}
