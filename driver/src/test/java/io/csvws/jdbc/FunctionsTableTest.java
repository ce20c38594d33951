package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.sql.functions.FunctionCatalog;
import io.csvws.sql.functions.SqlVocabulary;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csvws.functions}, read through JDBC: the validator's vocabulary, each name described. */
class FunctionsTableTest {
  /** The functions and operators issue 13 asks for by name. */
  static final List<String> ASKED_FOR = List.of("ILIKE", "NOT ILIKE", "TRY_CAST", "STRING_AGG",
      "LISTAGG", "ARRAY_AGG", "MEDIAN", "PERCENTILE_CONT", "PERCENTILE_DISC", "MODE",
      "APPROX_COUNT_DISTINCT", "CORR", "REGR_SLOPE", "REGR_INTERCEPT", "REGR_COUNT", "REGR_R2",
      "REGR_AVGX", "REGR_AVGY", "REGR_SXX", "REGR_SYY", "REGR_SXY", "COVAR_POP", "COVAR_SAMP",
      "DATE_TRUNC", "DATE_PART", "-", "+", "STRFTIME", "TO_CHAR", "LAST_DAY", "REGEXP_REPLACE",
      "REGEXP_MATCHES", "REGEXP_LIKE", "POSIX REGEX CASE SENSITIVE", "SPLIT_PART", "LEFT",
      "RIGHT", "CONCAT", "CONCAT_WS", "STRPOS", "INITCAP", "REVERSE", "LPAD", "RPAD",
      "GREATEST", "LEAST", "NULLIF", "IF", "TO_DATE", "STRPTIME", "LENGTH", "::");

  @TempDir
  Path dir;

  @Test
  void listsEveryOperatorOfTheValidatorsTableWithADescription() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      Set<Object> names = new HashSet<>(Queries.column(c, "SELECT name FROM csvws.functions"));
      for (SqlOperator op : SqlVocabulary.instance().operatorTable().getOperatorList()) {
        if (!op.getName().isEmpty()) {
          assertThat(names).as("operator %s", op.getName()).contains(op.getName());
        }
      }
      assertThat(Queries.column(c, "SELECT DISTINCT name FROM csvws.functions WHERE "
          + "description = '" + FunctionCatalog.NO_DESCRIPTION + "' OR return_type = ''"))
          .as("names without a description").isEmpty();
      assertThat(names).containsAll(ASKED_FOR);
    }
  }

  @Test
  void rowsSayKindSignatureReturnTypeAndSource() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(Queries.rows(c, "SELECT kind, signature, return_type, topic, source "
          + "FROM csvws.functions WHERE name = 'MEDIAN'"))
          .containsExactly(List.of("aggregate", "MEDIAN(<NUMERIC>)", "DOUBLE", "aggregate",
              "csvws"));
      assertThat(Queries.column(c,
          "SELECT DISTINCT kind FROM csvws.functions WHERE name IN ('RANK', 'ROW_NUMBER')"))
          .containsExactly("window");
      assertThat(Queries.rows(c, "SELECT kind, source FROM csvws.functions "
          + "WHERE name = 'ILIKE'")).containsExactly(List.of("operator", "postgresql"));
      assertThat(Queries.column(c, "SELECT signature FROM csvws.functions WHERE name = '-'"))
          .contains("<DATE> - <DATE>", "<NUMERIC> - <NUMERIC>");
      assertThat(Queries.column(c, "SELECT signature FROM csvws.functions "
          + "WHERE name = 'REGEXP_REPLACE'")).hasSize(2);
      assertThat(Queries.column(c, "SELECT DISTINCT kind FROM csvws.functions ORDER BY 1"))
          .containsExactly("aggregate", "internal", "operator", "scalar", "window");
    }
  }
}
