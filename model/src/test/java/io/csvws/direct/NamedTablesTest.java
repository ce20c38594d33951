package io.csvws.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NamedTablesTest {

  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("SELECT status, COUNT(*) FROM tall GROUP BY status", List.of("tall")),
        Arguments.of("select * from Sales s join customers c on s.id = c.id",
            List.of("Sales", "customers")),
        Arguments.of("SELECT * FROM \"my sales\" LEFT JOIN \"q\"\"1\" ON true",
            List.of("my sales", "q\"1")),
        Arguments.of("SELECT 'FROM fake' AS x, 'it''s FROM fake' FROM real_one",
            List.of("real_one")),
        Arguments.of("SELECT \"FROM\" FROM t", List.of("t")),
        Arguments.of("SELECT 1 -- FROM fake\n FROM t1", List.of("t1")),
        Arguments.of("SELECT 1 /* FROM fake JOIN fake2 */ FROM t2", List.of("t2")),
        Arguments.of("SELECT * FROM sales.q1 JOIN other . q2 ON true", List.of()),
        Arguments.of("SELECT * FROM (SELECT * FROM inner_t) x", List.of("inner_t")),
        Arguments.of("SELECT * FROM a, b", List.of("a")),
        Arguments.of("SELECT * FROM t JOIN t ON true JOIN T ON true", List.of("t", "T")),
        Arguments.of("SELECT * FROM", List.of()),
        Arguments.of("SELECT * FROM 'unterminated", List.of()),
        Arguments.of("SELECT * FROM \"unterminated", List.of()),
        Arguments.of("SELECT * FROM /* unterminated", List.of()),
        Arguments.of("WITH t AS (SELECT 1) SELECT * FROM t", List.of()),
        Arguments.of("  with t as (select * from u) select * from t", List.of()),
        Arguments.of("DELETE FROM t", List.of()),
        Arguments.of("INSERT INTO t SELECT * FROM u", List.of()),
        Arguments.of("(SELECT * FROM t)", List.of()),
        Arguments.of("\"SELECT\" FROM t", List.of()),
        Arguments.of("-- a comment first\nSELECT * FROM t", List.of("t")),
        Arguments.of("SELECT * FROM a JOIN b ON 1=1 JOIN c ON 1=1 JOIN d ON 1=1 JOIN e ON 1=1 "
            + "JOIN f ON 1=1 JOIN g ON 1=1 JOIN h ON 1=1 JOIN i ON 1=1",
            List.of("a", "b", "c", "d", "e", "f", "g", "h")));
  }

  @ParameterizedTest
  @MethodSource("texts")
  void readsTheNamesWrittenRightAfterFromAndJoin(String sql, List<String> expected) {
    assertThat(NamedTables.read(sql)).as(sql).isEqualTo(expected);
  }
}
