package io.csvws.sql;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * Case-insensitive name matching that looks a field up by its exact name first.
 *
 * <p>Calcite finds a field case-insensitively by scanning the whole row type, so validating
 * {@code SELECT *} on a 20,000-column file, which resolves each column by name, costs 20,000²
 * comparisons. An exact lookup uses the row type's hash map; names that differ in case from the
 * file still fall back to the scan, so the matching rules are unchanged. Stateless and thread-safe.
 */
final class ExactFirstNameMatcher implements SqlNameMatcher {
  private final SqlNameMatcher caseInsensitive = SqlNameMatchers.withCaseSensitive(false);

  @Override
  public RelDataTypeField field(RelDataType rowType, String fieldName) {
    RelDataTypeField exact = rowType.getField(fieldName, true, false);
    return exact != null ? exact : caseInsensitive.field(rowType, fieldName);
  }

  @Override
  public boolean isCaseSensitive() {
    return false;
  }

  @Override
  public boolean matches(String string, String name) {
    return caseInsensitive.matches(string, name);
  }

  @Override
  public <K extends List<String>, V> V get(Map<K, V> map, List<String> prefixNames,
      List<String> names) {
    return caseInsensitive.get(map, prefixNames, names);
  }

  @Override
  public String bestString() {
    return caseInsensitive.bestString();
  }

  @Override
  public int frequency(Iterable<String> names, String name) {
    return caseInsensitive.frequency(names, name);
  }

  @Override
  public Set<String> createSet() {
    return caseInsensitive.createSet();
  }
}
