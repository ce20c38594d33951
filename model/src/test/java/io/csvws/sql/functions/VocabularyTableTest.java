package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.junit.jupiter.api.Test;

/**
 * Looking names up in the vocabulary's operator table: any case unless the matcher is
 * case-sensitive, function syntax for any function, operators found whatever their syntax when
 * an operator is asked for, overloads kept apart by identity, no compound names.
 */
class VocabularyTableTest {
  private static final VocabularyTable TABLE = new VocabularyTable(List.of(
      SqlStdOperatorTable.UPPER, SqlStdOperatorTable.MINUS, SqlStdOperatorTable.UNARY_MINUS,
      SqlStdOperatorTable.AND, SqlStdOperatorTable.CAST, SqlStdOperatorTable.IS_NULL));

  private static List<SqlOperator> lookup(VocabularyTable table, String name, SqlSyntax syntax,
      boolean caseSensitive) {
    List<SqlOperator> out = new ArrayList<>();
    table.lookupOperatorOverloads(new SqlIdentifier(name, SqlParserPos.ZERO),
        SqlFunctionCategory.USER_DEFINED_FUNCTION, syntax, out,
        SqlNameMatchers.withCaseSensitive(caseSensitive));
    return out;
  }

  @Test
  void namesAreFoundInAnyCaseUnlessTheMatcherIsCaseSensitive() {
    assertThat(lookup(TABLE, "upper", SqlSyntax.FUNCTION, false))
        .containsExactly(SqlStdOperatorTable.UPPER);
    assertThat(lookup(TABLE, "upper", SqlSyntax.FUNCTION, true)).isEmpty();
    assertThat(lookup(TABLE, "UPPER", SqlSyntax.FUNCTION, true))
        .containsExactly(SqlStdOperatorTable.UPPER);
    assertThat(lookup(TABLE, "lower", SqlSyntax.FUNCTION, false)).isEmpty();
  }

  @Test
  void aFunctionIsFoundWithFunctionSyntaxWhateverItsOwn() {
    assertThat(lookup(TABLE, "cast", SqlSyntax.FUNCTION, false))
        .containsExactly(SqlStdOperatorTable.CAST);
    assertThat(lookup(TABLE, "cast", SqlSyntax.SPECIAL, false))
        .containsExactly(SqlStdOperatorTable.CAST);
    assertThat(lookup(TABLE, "upper", SqlSyntax.SPECIAL, false)).as("not special").isEmpty();
    assertThat(lookup(TABLE, "and", SqlSyntax.FUNCTION, false)).as("no function").isEmpty();
    assertThat(lookup(TABLE, "and", SqlSyntax.FUNCTION_ID, false)).isEmpty();
  }

  @Test
  void anOperatorAskedForIsFoundWhateverItsSyntax() {
    assertThat(lookup(TABLE, "-", SqlSyntax.BINARY, false))
        .containsExactly(SqlStdOperatorTable.MINUS, SqlStdOperatorTable.UNARY_MINUS);
    assertThat(lookup(TABLE, "-", SqlSyntax.PREFIX, false))
        .containsExactly(SqlStdOperatorTable.MINUS, SqlStdOperatorTable.UNARY_MINUS);
    assertThat(lookup(TABLE, "is null", SqlSyntax.POSTFIX, false))
        .containsExactly(SqlStdOperatorTable.IS_NULL);
    assertThat(lookup(TABLE, "-", SqlSyntax.FUNCTION, false)).isEmpty();
    assertThat(lookup(TABLE, "-", SqlSyntax.SPECIAL, false)).isEmpty();
  }

  @Test
  void anOperatorAlreadyInTheListIsNotAddedAgain() {
    List<SqlOperator> out = new ArrayList<>(List.of(SqlStdOperatorTable.MINUS));
    TABLE.lookupOperatorOverloads(new SqlIdentifier("-", SqlParserPos.ZERO),
        SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.BINARY, out,
        SqlNameMatchers.withCaseSensitive(false));
    assertThat(out).containsExactly(SqlStdOperatorTable.MINUS, SqlStdOperatorTable.UNARY_MINUS);
  }

  @Test
  void overloadsThatAreEqualAreAllFound() {
    List<SqlOperator> btrim = lookup(
        (VocabularyTable) SqlVocabulary.instance().operatorTable(), "btrim",
        SqlSyntax.FUNCTION, false);
    assertThat(btrim).hasSize(2);
    assertThat(btrim.get(0)).isNotSameAs(btrim.get(1)).isEqualTo(btrim.get(1));
  }

  @Test
  void aCompoundNameIsNoOperator() {
    List<SqlOperator> out = new ArrayList<>();
    TABLE.lookupOperatorOverloads(new SqlIdentifier(List.of("s", "upper"), SqlParserPos.ZERO),
        SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, out,
        SqlNameMatchers.withCaseSensitive(false));
    assertThat(out).isEmpty();
  }

  @Test
  void theOperatorListIsACopyInOrder() {
    List<SqlOperator> ops = new ArrayList<>(List.of(SqlStdOperatorTable.UPPER,
        SqlStdOperatorTable.AND));
    VocabularyTable t = new VocabularyTable(ops);
    ops.clear();
    assertThat(t.getOperatorList()).containsExactly(SqlStdOperatorTable.UPPER,
        SqlStdOperatorTable.AND);
    assertThat(lookup(t, "and", SqlSyntax.BINARY, false)).containsExactly(SqlStdOperatorTable.AND);
  }
}
