package io.csvws.sql.functions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;

/**
 * The operator table of {@link SqlVocabulary}: looks names up as Calcite's table of standard
 * operators does (any function may be called with function syntax, whatever its category, so
 * that {@code CAST} or {@code APPROX_COUNT_DISTINCT} are found), in the vocabulary's order.
 */
final class VocabularyTable implements SqlOperatorTable {
  private final List<SqlOperator> operators;
  private final Map<String, List<SqlOperator>> byUpperName;

  VocabularyTable(List<SqlOperator> operators) {
    this.operators = List.copyOf(operators);
    Map<String, List<SqlOperator>> map = new LinkedHashMap<>();
    for (SqlOperator op : operators) {
      map.computeIfAbsent(op.getName().toUpperCase(Locale.ROOT), k -> new ArrayList<>()).add(op);
    }
    map.replaceAll((k, v) -> List.copyOf(v));
    this.byUpperName = Map.copyOf(map);
  }

  @Override
  public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category,
      SqlSyntax syntax, List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
    if (!opName.isSimple()) {
      return;
    }
    String name = opName.getSimple();
    List<SqlOperator> candidates = byUpperName.getOrDefault(name.toUpperCase(Locale.ROOT),
        List.of());
    for (SqlOperator op : candidates) {
      if (nameMatcher.isCaseSensitive() && !op.getName().equals(name)) {
        continue;
      }
      boolean fits = op.getSyntax() == syntax
          || syntax == SqlSyntax.FUNCTION && op instanceof SqlFunction
          || syntax == SqlSyntax.BINARY || syntax == SqlSyntax.PREFIX
          || syntax == SqlSyntax.POSTFIX;
      // By identity: operators' equals compares name and kind, so overloads look equal.
      if (fits && operatorList.stream().noneMatch(o -> o == op)) {
        operatorList.add(op);
      }
    }
  }

  @Override
  public List<SqlOperator> getOperatorList() {
    return operators;
  }
}
