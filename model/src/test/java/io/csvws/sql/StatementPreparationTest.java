package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StatementPreparation}'s entry points other than a statement's text: each is Calcite's
 * preparation with csvws's guards ({@link CsvwsPrepare}), which a connection's metadata calls and
 * a plan given as a tree take.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatementPreparationTest {
  private Connection connection;
  private CalcitePrepare.Context context;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("t.csv"), "i,s\n1,a\n2,b\n3,c\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    context = connection.unwrap(CalciteConnection.class).createPrepareContext();
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /**
   * Calcite's own parse, convert and view analysis read the text with Calcite's default casing
   * (unquoted names in upper case), and resolve them without regard to case; no csvws statement
   * takes this way.
   */
  @Test
  void parseAndConvertValidateAgainstTheWorkspace() {
    StatementPreparation prepare = new StatementPreparation();
    assertThat(prepare.parse(context, "SELECT s, i FROM t").rowType.getFieldNames())
        .containsExactly("S", "I");
    assertThat(prepare.convert(context, "SELECT i FROM t WHERE i > 1").root.validatedRowType
        .getFieldNames()).containsExactly("I");
    assertThat(prepare.analyzeView(context, "SELECT s FROM t", false).rowType.getFieldNames())
        .containsExactly("S");
  }

  @Test
  void aStatementGivenAsAPlanIsPreparedByCalcite() {
    StatementPreparation prepare = new StatementPreparation();
    CalcitePrepare.ConvertResult converted = prepare.convert(context,
        "SELECT s FROM t WHERE i >= 2");
    CalcitePrepare.CalciteSignature<Object> signature = prepare.prepareSql(context,
        CalcitePrepare.Query.of(converted.root.rel), Object[].class, -1);
    assertThat(signature.rowType.getFieldNames()).containsExactly("S");
    assertThat(signature.columns).extracting(c -> c.label).containsExactly("S");
  }

  @Test
  void dataDefinitionIsRefused() throws SqlParseException {
    // Calcite hands executeDdl what its parser made of a DDL statement; a query there, too, is
    // refused as csvws is read-only.
    SqlNode node = SqlParser.create("SELECT i FROM t", LexicalPolicy.parserConfig()).parseStmt();
    assertThatThrownBy(() -> new StatementPreparation().executeDdl(context, node))
        .isInstanceOf(CsvwsException.class).hasMessageContaining("csvws is read-only");
  }
}
