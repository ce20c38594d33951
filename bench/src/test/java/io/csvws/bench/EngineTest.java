package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EngineTest {
  @Test
  void q6IsTheRowRangeForCsvwsAndTheSameRowsByOffsetForPeers() {
    Workload w = Workload.FULL;
    assertThat(Engine.CSVWS.sql(Query.Q6, w))
        .isEqualTo("SELECT * FROM tall WHERE _row BETWEEN 1500000 AND 1500020");
    assertThat(Engine.CSVWS_CACHED.sql(Query.Q6, w)).isEqualTo(Engine.CSVWS.sql(Query.Q6, w));
    assertThat(Engine.DUCKDB.sql(Query.Q6, w))
        .isEqualTo("SELECT * FROM tall LIMIT 21 OFFSET 1499999");
    assertThat(Engine.CSVJDBC.sql(Query.Q6, w)).isEqualTo(Engine.DUCKDB.sql(Query.Q6, w));
    assertThat(Engine.CALCITE.sql(Query.Q6, w))
        .isEqualTo("SELECT * FROM tall OFFSET 1499999 ROWS FETCH NEXT 21 ROWS ONLY");
    assertThat(Engine.H2.sql(Query.Q6, w)).isEqualTo(Engine.CALCITE.sql(Query.Q6, w));

    Workload quick = Workload.QUICK;
    assertThat(Engine.CSVWS.sql(Query.Q6, quick))
        .isEqualTo("SELECT * FROM tall WHERE _row BETWEEN 75000 AND 75020");
    assertThat(Engine.DUCKDB.sql(Query.Q6, quick))
        .isEqualTo("SELECT * FROM tall LIMIT 21 OFFSET 74999");
  }

  @Test
  void enginesThatReadTextCastNumbers() {
    Workload w = Workload.QUICK;
    assertThat(Engine.CSVWS.sql(Query.Q2, w))
        .isEqualTo("SELECT status, COUNT(*), SUM(amount) FROM tall GROUP BY status");
    assertThat(Engine.DUCKDB.sql(Query.Q3, w))
        .isEqualTo("SELECT id, email FROM tall WHERE country = 'DE' AND qty > 50");
    assertThat(Engine.H2.sql(Query.Q2, w)).contains("SUM(CAST(amount AS DECIMAL(12,2)))");
    assertThat(Engine.CALCITE.sql(Query.Q3, w)).contains("CAST(qty AS INTEGER) > 50");
    // CsvJdbc is told the column types instead.
    assertThat(Engine.CSVJDBC.sql(Query.Q3, w)).contains("qty > 50");
    assertThat(Engine.CSVJDBC_TALL_TYPES.split(",")).hasSize(DataGenerator.TALL_COLUMNS);
  }

  @Test
  void everySqlEngineAnswersEveryQueryAndFloorsOnlyScans() {
    for (Engine e : Engine.values()) {
      for (Query q : Query.values()) {
        boolean expected = !e.isFloor() || q == Query.Q1 || q == Query.Q4 || q == Query.Q7;
        assertThat(e.answers(q, Workload.QUICK)).as("%s %s", e, q).isEqualTo(expected);
      }
    }
    assertThat(Query.Q4.table()).isEqualTo("wide");
    assertThat(Engine.byId("DuckDB")).isEqualTo(Engine.DUCKDB);
  }
}
