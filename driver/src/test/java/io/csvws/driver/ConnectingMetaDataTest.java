package io.csvws.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a JDBC tool reads from {@code DatabaseMetaData} as it connects is answered without the
 * engine's Calcite connection, and each such answer is the one that connection gives (or one of
 * csvws's documented own, such as its name and version).
 */
class ConnectingMetaDataTest {
  /** Answers csvws gives in its own terms rather than Calcite's. */
  private static final Set<String> CSVWS_OWN = Set.of("getDatabaseProductName",
      "getDatabaseProductVersion", "getDatabaseMajorVersion", "getDatabaseMinorVersion",
      "getDriverName", "getDriverVersion", "getDriverMajorVersion", "getDriverMinorVersion",
      "getSchemaTerm", "getUserName", "supportsBatchUpdates",
      "supportsDataManipulationTransactionsOnly");

  @TempDir
  Path dir;

  @BeforeEach
  void files() throws Exception {
    Files.writeString(dir.resolve("orders.csv"), "id,amount\n1,2.50\n2,3.75\n",
        StandardCharsets.UTF_8);
  }

  private CsvwsConnection open() throws SQLException {
    return (CsvwsConnection) DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  /** Every method of DatabaseMetaData without parameters that returns a plain value. */
  private static List<Method> plainValues() {
    List<Method> out = new ArrayList<>();
    for (Method m : DatabaseMetaData.class.getMethods()) {
      Class<?> r = m.getReturnType();
      if (m.getParameterCount() == 0 && (r == String.class || r == boolean.class
          || r == int.class || r == long.class)) {
        out.add(m);
      }
    }
    return out;
  }

  private static Object call(Method m, DatabaseMetaData md) throws Exception {
    try {
      return m.invoke(md);
    } catch (InvocationTargetException e) {
      throw (Exception) e.getCause();
    }
  }

  @Test
  void whatIsAnsweredWithoutCalciteIsWhatCalciteAnswers() throws Exception {
    List<String> local = new ArrayList<>();
    for (Method m : plainValues()) {
      try (CsvwsConnection c = open()) {
        CsvwsDatabaseMetaData md = (CsvwsDatabaseMetaData) c.getMetaData();
        Object value = call(m, md);
        if (c.session().connected()) {
          continue;
        }
        local.add(m.getName());
        Object calcites = call(m, md.delegate());
        if (m.getName().equals("getDatabaseProductVersion")) {
          assertThat(value).isEqualTo(Version.TEXT + " (Apache Calcite "
              + md.delegate().getDatabaseProductVersion() + ")");
        } else if (!CSVWS_OWN.contains(m.getName())) {
          assertThat(value).as(m.getName()).isEqualTo(calcites);
        }
      }
    }
    // SQLLine reads these as it connects, DBeaver these and more.
    assertThat(local).contains("getDatabaseProductName", "getDatabaseProductVersion",
        "getDriverName", "getDriverVersion", "getIdentifierQuoteString", "getSQLKeywords",
        "getExtraNameCharacters", "storesUpperCaseIdentifiers", "getNumericFunctions",
        "getStringFunctions", "getSystemFunctions", "getTimeDateFunctions",
        "getSearchStringEscape", "getCatalogSeparator", "isReadOnly", "supportsTransactions",
        "getDefaultTransactionIsolation");
    assertThat(local).hasSizeGreaterThan(40);
  }

  @Test
  void sqlLinesConnectionThenADirectCountMakeNoCalciteConnection() throws Exception {
    try (CsvwsConnection c = open()) {
      // What SQLLine 1.12 does as it connects, in its order.
      DatabaseMetaData md = c.getMetaData();
      md.getDatabaseProductName();
      md.getDatabaseProductVersion();
      md.getDriverName();
      md.getDriverVersion();
      c.setAutoCommit(true);
      c.getAutoCommit();
      c.setReadOnly(false);
      md.supportsTransactionIsolationLevel(java.sql.Connection.TRANSACTION_READ_COMMITTED);
      c.setTransactionIsolation(java.sql.Connection.TRANSACTION_READ_COMMITTED);
      md.getIdentifierQuoteString();
      md.getSQLKeywords();
      md.getExtraNameCharacters();
      md.storesUpperCaseIdentifiers();
      try (Statement s = c.createStatement()) {
        assertThat(s.execute("SELECT COUNT(*) FROM orders")).isTrue();
        assertThat(s.getResultSet().next()).isTrue();
        assertThat(s.getResultSet().getLong(1)).isEqualTo(2);
      }
      assertThat(c.session().connected()).isFalse();
      // A listing the delegate gives still works, and makes the connection then.
      assertThat(md.getCatalogs().getMetaData().getColumnCount()).isEqualTo(1);
      assertThat(c.session().connected()).isTrue();
    }
  }
}
