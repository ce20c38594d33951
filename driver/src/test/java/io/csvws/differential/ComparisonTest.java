package io.csvws.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suite's comparison catches what it must: without this, a lenient comparison passes all. */
class ComparisonTest {
  private static Answer answer(List<String> types, Object[]... rows) throws SQLException {
    List<List<Value>> values = new java.util.ArrayList<>();
    for (Object[] row : rows) {
      List<Value> r = new java.util.ArrayList<>();
      for (Object o : row) {
        r.add(Value.of(o));
      }
      values.add(r);
    }
    return new Answer(types, values, null);
  }

  @Test
  void exactNumbersCompareByValueNotScale() throws SQLException {
    Answer a = answer(List.of("DECIMAL"), new Object[] {new BigDecimal("27.50")});
    Answer b = answer(List.of("DECIMAL"), new Object[] {new BigDecimal("27.5")});
    Answer c = answer(List.of("DOUBLE"), new Object[] {27.500000000000004});
    Answer d = answer(List.of("DECIMAL"), new Object[] {new BigDecimal("27.51")});
    assertThat(Comparison.problem(QueryCase.q("x"), a, b)).isNull();
    assertThat(Comparison.problem(QueryCase.q("x"), a, c)).as("a double within 1e-9").isNull();
    assertThat(Comparison.problem(QueryCase.q("x"), a, d)).contains("row 1").contains("27.51");
    assertThat(Comparison.problem(QueryCase.q("x"), answer(List.of("INTEGER"),
        new Object[] {3}), answer(List.of("DOUBLE"), new Object[] {3.5}))).isNotNull();
    assertThat(Comparison.problem(QueryCase.q("x"), answer(List.of("BIGINT"),
        new Object[] {9_000_000_000_000_000_001L}), answer(List.of("BIGINT"),
        new Object[] {9_000_000_000_000_000_000L}))).as("exact, not within a tolerance")
        .isNotNull();
  }

  @Test
  void nullIsNotTheEmptyString() throws SQLException {
    assertThat(Comparison.problem(QueryCase.q("x"), answer(List.of("VARCHAR"),
        new Object[] {null}), answer(List.of("VARCHAR"), new Object[] {""}))).isNotNull();
  }

  @Test
  void aDateIsNotATimestamp() throws SQLException {
    assertThat(Comparison.problem(QueryCase.q("x"), answer(List.of("DATE"),
        new Object[] {LocalDate.of(2024, 1, 5)}), answer(List.of("TIMESTAMP"),
        new Object[] {LocalDateTime.of(2024, 1, 5, 0, 0)}))).isNotNull();
  }

  @Test
  void orderCountsOnlyWhenTheQueryFixesIt() throws SQLException {
    Answer a = answer(List.of("INTEGER"), new Object[] {1}, new Object[] {2});
    Answer b = answer(List.of("INTEGER"), new Object[] {2}, new Object[] {1});
    assertThat(Comparison.problem(QueryCase.q("x"), a, b)).isNull();
    assertThat(Comparison.problem(QueryCase.q("x").ordered(), a, b)).contains("row 1 differs");
  }

  @Test
  void rowCountsAndColumnCountsAndErrorsAreDifferences() throws SQLException {
    Answer one = answer(List.of("INTEGER"), new Object[] {1});
    Answer two = answer(List.of("INTEGER"), new Object[] {1}, new Object[] {1});
    Answer wide = answer(List.of("INTEGER", "INTEGER"), new Object[] {1, 1});
    Answer failed = new Answer(List.of(), List.of(), new SQLException("boom", "22003"));
    assertThat(Comparison.problem(QueryCase.q("x"), one, two)).contains("row count");
    assertThat(Comparison.problem(QueryCase.q("x"), one, wide)).contains("column count");
    assertThat(Comparison.problem(QueryCase.q("x"), failed, one)).contains("csvws failed")
        .contains("22003").contains("boom");
    assertThat(Comparison.problem(QueryCase.q("x").fails("22003"), failed, failed)).isNull();
    assertThat(Comparison.problem(QueryCase.q("x").fails("22003"), one, failed))
        .contains("must fail");
  }
}
