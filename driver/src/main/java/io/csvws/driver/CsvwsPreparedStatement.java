package io.csvws.driver;

import io.csvws.engine.Execution;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;

/**
 * A prepared query. Preparing anything but a query already fails (the guard runs when the
 * statement is prepared), so executing never writes.
 */
final class CsvwsPreparedStatement extends DelegatingPreparedStatement {

  CsvwsPreparedStatement(CsvwsConnection connection, PreparedStatement delegate)
      throws SQLException {
    super(connection, delegate);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    Execution d = connection.session().newExecution();
    return wrap(run(d, prepared::executeQuery), d);
  }

  @Override
  public boolean execute() throws SQLException {
    Execution d = connection.session().newExecution();
    boolean hasResult = run(d, prepared::execute);
    wrap(hasResult ? prepared.getResultSet() : null, d);
    return hasResult;
  }

  @Override
  public int executeUpdate() throws SQLException {
    return (int) executeLargeUpdate();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    checkOpen();
    throw CsvwsStatement.updateRefused();
  }

  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    throw CsvwsStatement.batchRefused();
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    ResultSetMetaData md = super.getMetaData();
    return md == null ? null : new CsvwsResultSetMetaData(md);
  }

  /** As {@link #setObject(int, Object, int)}, for the types of {@link JDBCType}. */
  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType)
      throws SQLException {
    setObject(parameterIndex, x, jdbcType(targetSqlType));
  }

  /** As {@link #setObject(int, Object, int, int)}, for the types of {@link JDBCType}. */
  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength)
      throws SQLException {
    setObject(parameterIndex, x, jdbcType(targetSqlType), scaleOrLength);
  }

  private static int jdbcType(SQLType type) throws SQLException {
    if (type instanceof JDBCType) {
      return type.getVendorTypeNumber();
    }
    throw new SQLFeatureNotSupportedException("csvws knows the parameter types of "
        + "java.sql.JDBCType, not " + (type == null ? "null" : type.getName()) + ".", "0A000");
  }

  /**
   * Refused, as JDBC has it: a prepared statement runs the query it was prepared with.
   * (Calcite's refusal has no SQLState.)
   */
  @Override
  public boolean execute(String sql) throws SQLException {
    throw otherSql();
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw otherSql();
  }

  private SQLException otherSql() throws SQLException {
    checkOpen();
    return new SQLException("A prepared statement runs the query it was prepared with; run "
        + "other SQL on a statement from createStatement().", SqlStates.GENERAL);
  }
}
