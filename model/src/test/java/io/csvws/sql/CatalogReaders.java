package io.csvws.sql;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;

/** The catalog reader a statement of {@code connection} is prepared with, for model's tests. */
final class CatalogReaders {
  private CatalogReaders() {
  }

  static CsvwsPrepare.CatalogReader of(Connection connection) throws SQLException {
    CalcitePrepare.Context context =
        connection.unwrap(CalciteConnection.class).createPrepareContext();
    return new CsvwsPrepare.CatalogReader(context.getRootSchema(),
        context.getDefaultSchemaPath(), context.getTypeFactory(), context.config());
  }
}
