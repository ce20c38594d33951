package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PostgreSQL's and DuckDB's type names in casts name the standard types; names stay names. */
class TypeAliasesTest {

  private static SqlNode parsed(String sql) throws SqlParseException {
    return SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery();
  }

  private static SqlDataTypeSpec typeOf(String cast) throws SqlParseException {
    SqlCall call = (SqlCall) SqlParser.create(cast, LexicalPolicy.parserConfig())
        .parseExpression();
    return (SqlDataTypeSpec) call.operand(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "CAST(x AS TEXT)|VARCHAR", "CAST(x AS text)|VARCHAR", "CAST(x AS String)|VARCHAR",
      "CAST(x AS INT2)|SMALLINT", "CAST(x AS int4)|INTEGER", "CAST(x AS INT8)|BIGINT",
      "CAST(x AS FLOAT4)|REAL", "CAST(x AS float8)|DOUBLE", "CAST(x AS bool)|BOOLEAN"})
  void anAliasNamesItsStandardType(String cast, SqlTypeName standard)
      throws SqlParseException {
    SqlDataTypeSpec spec = typeOf(cast);
    SqlDataTypeSpec replaced = TypeAliases.standard(spec);

    assertThat(replaced.getTypeName().getSimple()).isEqualTo(standard.getName());
    assertThat(replaced.getParserPosition()).isEqualTo(spec.getParserPosition());
  }

  @Test
  void otherTypesAreNoAliases() throws SqlParseException {
    assertThat(TypeAliases.standard(typeOf("CAST(x AS VARCHAR)"))).isNull();
    assertThat(TypeAliases.standard(typeOf("CAST(x AS money)"))).isNull();
    assertThat(TypeAliases.standard(typeOf("CAST(x AS pg.text)"))).isNull();
  }

  @Test
  void castsAnywhereInTheStatementAreRewrittenAndColumnsNamedLikeTypesAreNot()
      throws SqlParseException {
    SqlNode statement = parsed("SELECT text, UPPER(CAST(text AS text)), int8 FROM t "
        + "WHERE CAST(n AS int8) > (SELECT MAX(CAST(m AS float8)) FROM u)");

    TypeAliases.rewrite(statement);

    assertThat(statement.toString().replaceAll("\\s+", " ")).isEqualTo(
        "SELECT `text`, UPPER(CAST(`text` AS VARCHAR)), `int8` FROM `t` "
        + "WHERE CAST(`n` AS BIGINT) > (SELECT MAX(CAST(`m` AS DOUBLE)) FROM `u`)");
    TypeAliases.rewrite(null);
  }
}
