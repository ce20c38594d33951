package io.csvws.sql;

import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.apache.calcite.runtime.CalciteContextException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Did you mean" in the validator's errors, from the real catalog of a folder: the columns of the
 * tables the statement reads, the tables and folders of the workspace, csvws's functions. The
 * error keeps the place in the text where the unknown name was written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DidYouMeanTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("customers.csv"),
        "customer_id,customer_name,region\n1,ann,north\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("orders.csv"), "order_id,customer_id,amount\n1,1,9.5\n",
        StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("archive"));
    Files.writeString(dir.resolve("archive").resolve("old.csv"), "k\n1\n",
        StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** The validator's error for {@code sql}, which must fail. */
  private CalciteContextException error(String sql) {
    SQLException e = catchThrowableOfType(SQLException.class, () -> rows(connection, sql));
    assertThat((Throwable) e).as("%s fails", sql).isNotNull();
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CalciteContextException) {
        return (CalciteContextException) t;
      }
    }
    throw new AssertionError("no position in " + e, e);
  }

  private static String said(CalciteContextException e) {
    return e.getCause().getMessage();
  }

  @Test
  void anUnknownColumnSuggestsTheNearestColumnsOfTheTablesRead() {
    CalciteContextException e = error("SELECT custmer_id FROM customers");
    assertThat(said(e)).isEqualTo(
        "Column 'custmer_id' not found in any table; did you mean 'customer_id'?");
    assertThat(e.getMessage()).isEqualTo("From line 1, column 8 to line 1, column 17: "
        + said(e));
    assertThat(e.getPosLine()).isEqualTo(1);
    assertThat(e.getPosColumn()).isEqualTo(8);
    assertThat(e.getEndPosLine()).isEqualTo(1);
    assertThat(e.getEndPosColumn()).isEqualTo(17);
    assertThat(e.getSuppressed()).as("the validator's own error stays attached").hasSize(1);
  }

  @Test
  void severalNearColumnsAreListedNearestFirst() {
    assertThat(said(error("SELECT cust FROM customers"))).endsWith(
        "did you mean one of 'customer_id', 'customer_name'?");
  }

  @Test
  void columnsOfEveryTableOfTheStatementAreCandidates() {
    CalciteContextException e = error("SELECT c.region FROM customers c\n"
        + "JOIN orders o ON o.customer_id = c.customer_id WHERE o.amout > 1");
    assertThat(said(e)).isEqualTo("Column 'amout' not found in table 'o'; did you mean "
        + "'amount'?");
    assertThat(e.getPosLine()).isEqualTo(2);
    assertThat(e.getPosColumn()).isEqualTo(56);
    assertThat(said(error("SELECT regio FROM (SELECT * FROM customers) AS s")))
        .endsWith("did you mean 'region'?");
  }

  @Test
  void anExcludedColumnThatIsNotThereGetsSuggestions() {
    assertThat(said(error("SELECT * EXCLUDE (regon) FROM customers")))
        .endsWith("unknown column(s): regon; did you mean 'region'?");
  }

  @Test
  void anUnknownTableSuggestsTablesAndFolders() {
    assertThat(said(error("SELECT * FROM custmers")))
        .isEqualTo("Object 'custmers' not found; did you mean 'customers'?");
    assertThat(said(error("SELECT * FROM archiv.old")))
        .isEqualTo("Object 'archiv' not found; did you mean 'archive'?");
  }

  @Test
  void anUnknownFunctionSuggestsKnownFunctions() {
    CalciteContextException e = error("SELECT UPPR(customer_name) FROM customers");
    assertThat(said(e)).startsWith("No match found for function signature UPPR(")
        .endsWith("; did you mean 'UPPER'?");
    assertThat(e.getPosColumn()).isEqualTo(8);
  }

  @Test
  void aMisspeltCountOfAStarIsAnUnknownFunction() {
    CalciteContextException e = error("SELECT region,\n  COUTN(*) FROM customers GROUP BY region");
    assertThat(said(e)).isEqualTo("No match found for function signature COUTN(*); did you "
        + "mean 'COUNT'?");
    assertThat(e.getMessage()).isEqualTo("From line 2, column 3 to line 2, column 10: "
        + said(e));
    assertThat(e.getSuppressed()).hasSize(1);
  }

  @Test
  void aFunctionThatExistsWithOtherArgumentsGetsNoSuggestion() {
    assertThat(said(error("SELECT UPPER(customer_name, 2) FROM customers")))
        .doesNotContain("did you mean");
  }

  @Test
  void farNamesAndOtherErrorsAreLeftAsTheValidatorSaidThem() {
    assertThat(said(error("SELECT price FROM customers")))
        .isEqualTo("Column 'price' not found in any table");
    assertThat(said(error("SELECT * FROM invoices"))).isEqualTo("Object 'invoices' not found");
    assertThat(said(error("SELECT region + DATE '2020-01-01' FROM customers")))
        .doesNotContain("did you mean");
    assertThat(said(error("SELECT region FROM customers GROUP BY customer_id")))
        .isEqualTo("Expression 'region' is not being grouped");
  }
}
