package io.csvws.driver;

import io.csvws.readonly.StatementGuard;
import io.csvws.scan.QueryDiagnostics;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A prepared query. Preparing anything but a query already fails (the guard runs when the
 * statement is prepared), so executing never writes.
 */
final class CsvwsPreparedStatement extends DelegatingPreparedStatement {

  CsvwsPreparedStatement(CsvwsConnection connection, PreparedStatement delegate) {
    super(connection, delegate);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    QueryDiagnostics d = new QueryDiagnostics();
    return wrap(run(d, prepared::executeQuery), d);
  }

  @Override
  public boolean execute() throws SQLException {
    QueryDiagnostics d = new QueryDiagnostics();
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
    throw new SQLException("executeUpdate is for statements that change data, and csvws runs "
        + "only queries; run this one with executeQuery.", "25006");
  }

  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    throw SqlErrors.translate(StatementGuard.refused("a batch",
        "batches carry updates; run queries one at a time"));
  }
}
