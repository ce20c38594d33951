package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;
import org.junit.jupiter.api.Test;

/** An operator that reads no file stops at a cancel, checked every so many rows. */
class InterruptibleRowsTest {
  /** A data context holding only Calcite's variables {@code values}. */
  private record Variables(Map<String, Object> values) implements DataContext {
    @Override
    public SchemaPlus getRootSchema() {
      return null;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
      return null;
    }

    @Override
    public QueryProvider getQueryProvider() {
      return null;
    }

    @Override
    public Object get(String name) {
      return values.get(name);
    }
  }

  private static final List<Integer> TEN = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);

  /** The rows read before the first failure, and the failure's message (or null). */
  private static String readAll(Enumerable<Integer> rows, List<Integer> out) {
    try (Enumerator<Integer> e = rows.enumerator()) {
      while (e.moveNext()) {
        out.add(e.current());
      }
      return null;
    } catch (CsvwsException x) {
      assertThat(x.code()).isEqualTo(ErrorCode.CANCELLED);
      return x.getMessage();
    }
  }

  @Test
  void withoutACancelEveryRowPassesAndResetReadsAgain() {
    Enumerable<Integer> rows = InterruptibleRows.of(new Variables(Map.of(
        DataContext.Variable.CANCEL_FLAG.camelName, new AtomicBoolean(),
        DataContext.Variable.TIMEOUT.camelName, 60_000L)), Linq4j.asEnumerable(TEN), "joining rows",
        4);
    List<Integer> out = new ArrayList<>();
    assertThat(readAll(rows, out)).isNull();
    assertThat(out).isEqualTo(TEN);
    try (Enumerator<Integer> e = rows.enumerator()) {
      assertThat(e.moveNext()).isTrue();
      assertThat(e.moveNext()).isTrue();
      e.reset();
      assertThat(e.moveNext()).isTrue();
      assertThat(e.current()).isEqualTo(1);
    }
    assertThat(readAll(InterruptibleRows.of(null, Linq4j.asEnumerable(TEN), "x", 1), out))
        .isNull();
  }

  @Test
  void calcitesCancelFlagIsCheckedEveryPowerOfTwoRows() {
    AtomicBoolean cancel = new AtomicBoolean(true);
    DataContext root = new Variables(Map.of(DataContext.Variable.CANCEL_FLAG.camelName, cancel));
    List<Integer> out = new ArrayList<>();
    assertThat(readAll(InterruptibleRows.of(root, Linq4j.asEnumerable(TEN), "joining rows", 4),
        out)).isEqualTo("Statement cancelled while joining rows (row 4).");
    assertThat(out).containsExactly(1, 2, 3);

    out.clear();
    assertThat(readAll(InterruptibleRows.of(root, Linq4j.asEnumerable(TEN), "joining rows", 6),
        out)).as("6 checks every 4").isEqualTo("Statement cancelled while joining rows (row 4).");

    out.clear();
    assertThat(readAll(InterruptibleRows.of(root, Linq4j.asEnumerable(TEN), "unioning rows", 0),
        out)).as("every row").isEqualTo("Statement cancelled while unioning rows (row 1).");
    assertThat(out).isEmpty();
  }

  @Test
  void calcitesTimeoutOfZeroIsNoTimeoutAndAnExecutionsTimeoutWinsOverCalcites() {
    DataContext zero = new Variables(Map.of(DataContext.Variable.TIMEOUT.camelName, 0L));
    List<Integer> out = new ArrayList<>();
    assertThat(readAll(InterruptibleRows.of(zero, Linq4j.asEnumerable(TEN), "joining rows", 1),
        out)).isNull();
    assertThat(out).isEqualTo(TEN);

    List<Integer> many = new ArrayList<>();
    for (int i = 0; i < 300_000; i++) {
      many.add(i);
    }
    DataContext oneMilli = new Variables(Map.of(DataContext.Variable.TIMEOUT.camelName, 1L));
    QueryDiagnostics d = new QueryDiagnostics();
    d.timeoutAfter(3600);
    List<Integer> read = new ArrayList<>();
    assertThat(d.collect(() -> readAll(InterruptibleRows.of(oneMilli, Linq4j.asEnumerable(many),
        "joining rows", 1), read))).isNull();
    assertThat(read).hasSize(300_000);
  }

  @Test
  void theExecutionsCancelIsCheckedToo() {
    QueryDiagnostics d = new QueryDiagnostics();
    d.cancel();
    List<Integer> out = new ArrayList<>();
    String message = d.collect(() -> readAll(InterruptibleRows.of(null, Linq4j.asEnumerable(TEN),
        "joining rows", 2), out));
    assertThat(message).isEqualTo("Statement cancelled while joining rows (row 2).");
    assertThat(out).containsExactly(1);
  }

  @Test
  void aCancelAfterTheLastCheckStopsNothing() {
    AtomicBoolean cancel = new AtomicBoolean();
    DataContext root = new Variables(Map.of(DataContext.Variable.CANCEL_FLAG.camelName, cancel));
    List<Integer> out = new ArrayList<>();
    try (Enumerator<Integer> e = InterruptibleRows.of(root, Linq4j.asEnumerable(TEN), "x", 16)
        .enumerator()) {
      while (e.moveNext()) {
        out.add(e.current());
        cancel.set(true);
      }
    }
    assertThat(out).isEqualTo(TEN);
  }
}
