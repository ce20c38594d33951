package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** Names match regardless of case, an exact spelling first. */
class ExactFirstNameMatcherTest {
  private final ExactFirstNameMatcher matcher = new ExactFirstNameMatcher();
  private final CsvwsTypeFactory types = new CsvwsTypeFactory();

  private RelDataType row(String... names) {
    var b = types.builder();
    for (String n : names) {
      b.add(n, SqlTypeName.INTEGER);
    }
    return b.build();
  }

  @Test
  void anExactSpellingWinsOverAnEarlierFieldThatDiffersInCase() {
    RelDataType row = row("name", "Name", "id");

    assertThat(matcher.field(row, "Name").getIndex()).isEqualTo(1);
    assertThat(matcher.field(row, "name").getIndex()).isEqualTo(0);
    assertThat(matcher.field(row, "ID").getIndex()).isEqualTo(2);
    assertThat(matcher.field(row, "NAME").getIndex()).isEqualTo(0);
    assertThat(matcher.field(row, "nope")).isNull();
  }

  @Test
  void everythingElseMatchesRegardlessOfCase() {
    assertThat(matcher.isCaseSensitive()).isFalse();
    assertThat(matcher.matches("Sales", "SALES")).isTrue();
    assertThat(matcher.matches("sales", "sale")).isFalse();
    assertThat(matcher.get(Map.of(List.of("main", "Sales"), 7), List.of("MAIN"),
        List.of("sales"))).isEqualTo(7);
    assertThatThrownBy(matcher::bestString).as("as Calcite's own case-insensitive matcher")
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(matcher.frequency(List.of("a", "A", "b"), "a")).isEqualTo(2);
    var set = matcher.createSet();
    set.add("Name");
    assertThat(set).contains("NAME");
  }
}
