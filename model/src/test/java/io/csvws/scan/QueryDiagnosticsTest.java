package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.LenientRead;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * An execution as its scans see it: its counters of progress and lenient reads, its binding to
 * the thread running a call, and its cancel and timeout, checked by each scan's interrupts.
 */
class QueryDiagnosticsTest {
  private static final Supplier<String> NOT_ASKED = () -> {
    throw new AssertionError("the message of an event that is not the first was built");
  };

  @Test
  void runningFromStartedToEnded() {
    long before = System.nanoTime();
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.startedNanos()).isBetween(before, System.nanoTime());
    assertThat(d.running()).isFalse();
    d.started();
    assertThat(d.running()).isTrue();
    d.ended();
    assertThat(d.running()).isFalse();
    assertThat(d.owner()).isSameAs(Thread.currentThread());
    assertThat(d.startedNanos()).isLessThanOrEqualTo(System.nanoTime());
  }

  @Test
  void progressAddsWhatScansReport() {
    QueryDiagnostics d = new QueryDiagnostics();
    d.scanWillRead(100);
    d.scanWillRead(50);
    d.scanned(30, 0);
    d.scanned(0, 7);
    d.scanned(12, 3);
    assertThat(d.bytesTotal()).isEqualTo(150);
    assertThat(d.bytesRead()).isEqualTo(42);
    assertThat(d.rowsRead()).isEqualTo(10);
  }

  @Test
  void aCallIsBoundToItsExecutionOnlyWhileItRunsAndNestedCallsRestoreTheOuterOne() {
    QueryDiagnostics outer = new QueryDiagnostics();
    QueryDiagnostics inner = new QueryDiagnostics();
    assertThat(QueryDiagnostics.current()).isNull();
    List<QueryDiagnostics> seen = new ArrayList<>();
    String result = outer.collect(() -> {
      seen.add(QueryDiagnostics.current());
      inner.collect(() -> seen.add(QueryDiagnostics.current()));
      seen.add(QueryDiagnostics.current());
      return "done";
    });
    assertThat(result).isEqualTo("done");
    assertThat(seen).containsExactly(outer, inner, outer);
    assertThat(QueryDiagnostics.current()).isNull();

    assertThatThrownBy(() -> outer.collect(() -> {
      throw new IllegalStateException("boom");
    })).hasMessage("boom");
    assertThat(QueryDiagnostics.current()).as("unbound after a failed call").isNull();
  }

  @Test
  void allocationsOfCallsAreCountedWhileAndAfterTheyRun() {
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.allocatedBytes()).isZero();
    long threadBefore = Allocation.of(Thread.currentThread());
    long[] during = new long[1];
    byte[] big = d.collect(() -> {
      byte[] b = new byte[2_000_000];
      during[0] = d.allocatedBytes();
      return b;
    });
    assertThat(big).hasSize(2_000_000);
    assertThat(during[0]).isGreaterThanOrEqualTo(2_000_000);
    long after = d.allocatedBytes();
    assertThat(after).as("no more than the thread allocated meanwhile")
        .isLessThanOrEqualTo(Allocation.of(Thread.currentThread()) - threadBefore);
    assertThat(after).isGreaterThanOrEqualTo(during[0]);
    d.collect(() -> new byte[1_000_000]);
    assertThat(d.allocatedBytes()).as("a second call adds").isGreaterThanOrEqualTo(after + 1_000_000);
  }

  @Test
  void checkInterruptedDoesNothingOutsideAnExecution() {
    QueryDiagnostics d = new QueryDiagnostics();
    d.cancel();
    QueryDiagnostics.checkInterrupted("planning");
  }

  @Test
  void checkInterruptedFailsACancelledExecutionNamingWhatWasUnderWay() {
    QueryDiagnostics d = new QueryDiagnostics();
    d.collect(() -> {
      QueryDiagnostics.checkInterrupted("planning");
      return null;
    });
    assertThat(d.cancelled()).isFalse();
    d.cancel();
    assertThat(d.cancelled()).isTrue();
    assertThat(d.cancelReason()).isNull();
    assertThatThrownBy(() -> d.collect(() -> {
      QueryDiagnostics.checkInterrupted("inspecting data/q1.csv");
      return null;
    })).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
      assertThat(e.getMessage())
          .isEqualTo("Statement cancelled while inspecting data/q1.csv.");
    });

    QueryDiagnostics o = new QueryDiagnostics();
    o.cancel("Cancelled by the operator.");
    assertThat(o.cancelled()).isTrue();
    assertThat(o.cancelReason()).isEqualTo("Cancelled by the operator.");
    assertThatThrownBy(() -> o.collect(() -> {
      QueryDiagnostics.checkInterrupted("planning");
      return null;
    })).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
      assertThat(e.getMessage()).isEqualTo("Cancelled by the operator.");
    });
  }

  @Test
  void aTimeoutStartsWhenItIsSetAndZeroOrLessMeansNone() {
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.deadline()).isEqualTo(Long.MAX_VALUE);
    long before = System.nanoTime();
    d.timeoutAfter(10);
    long after = System.nanoTime();
    assertThat(d.deadline()).isBetween(before + 10_000_000_000L, after + 10_000_000_000L);
    d.collect(() -> {
      QueryDiagnostics.checkInterrupted("planning");
      return null;
    });
    d.timeoutAfter(0);
    assertThat(d.deadline()).isEqualTo(Long.MAX_VALUE);
    d.timeoutAfter(-1);
    assertThat(d.deadline()).isEqualTo(Long.MAX_VALUE);
    d.timeoutAfter(1);
    assertThat(d.deadline()).isLessThanOrEqualTo(System.nanoTime() + 1_000_000_000L);
  }

  @Test
  void theFirstEventOfAKindIsTheFirstInFileOrderAndItsMessageIsBuiltOnlyThen() {
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.count(LenientRead.RAGGED_ROW)).isZero();
    assertThat(d.first(LenientRead.RAGGED_ROW)).isNull();
    d.count(LenientRead.RAGGED_ROW, "a.csv", 50, () -> "a.csv row 50");
    d.count(LenientRead.RAGGED_ROW, "a.csv", 70, NOT_ASKED);
    d.count(LenientRead.RAGGED_ROW, "a.csv", 50, NOT_ASKED);
    assertThat(d.first(LenientRead.RAGGED_ROW)).isEqualTo("a.csv row 50");
    d.count(LenientRead.RAGGED_ROW, "a.csv", 49, () -> "a.csv row 49");
    assertThat(d.first(LenientRead.RAGGED_ROW)).as("an earlier row of the same file")
        .isEqualTo("a.csv row 49");
    d.count(LenientRead.RAGGED_ROW, "b.csv", 1, NOT_ASKED);
    assertThat(d.first(LenientRead.RAGGED_ROW)).as("another file keeps arrival order")
        .isEqualTo("a.csv row 49");
    assertThat(d.count(LenientRead.RAGGED_ROW)).isEqualTo(5);
    assertThat(d.count(LenientRead.INVALID_BYTES)).isZero();
    assertThat(d.typeErrorsNulled()).isZero();

    d.count(LenientRead.TYPE_ERROR_NULLED, "b.csv", 9, () -> "b.csv row 9");
    d.count(LenientRead.TYPE_ERROR_NULLED, "a.csv", 1, NOT_ASKED);
    assertThat(d.typeErrorsNulled()).isEqualTo(2);
    assertThat(d.first(LenientRead.TYPE_ERROR_NULLED)).isEqualTo("b.csv row 9");
    assertThat(d.first(LenientRead.RAGGED_ROW)).isEqualTo("a.csv row 49");
  }

  @Test
  void notesAreKeptOnceEachAndAtMostTwenty() {
    QueryDiagnostics d = new QueryDiagnostics();
    d.note("a");
    d.note("a");
    d.note("b");
    assertThat(d.notes()).containsExactly("a", "b");
    for (int i = 0; i < 30; i++) {
      d.note("n" + i);
    }
    assertThat(d.notes()).hasSize(20).startsWith("a", "b", "n0").endsWith("n17");
    assertThatThrownBy(() -> d.notes().add("x")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void interruptsNameTheFileAndRowOrWhatTheOperatorDoes() {
    new Interrupts(null, null, Long.MAX_VALUE, "a.csv").check(5);
    new Interrupts(new AtomicBoolean(), new QueryDiagnostics(), System.nanoTime() + 60_000_000_000L,
        "a.csv").check(5);

    assertThatThrownBy(() -> new Interrupts(new AtomicBoolean(true), null, Long.MAX_VALUE, "a.csv")
        .check(7)).isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
          assertThat(e.getMessage()).isEqualTo("Statement cancelled while reading a.csv at row 7.");
        });
    QueryDiagnostics cancelled = new QueryDiagnostics();
    cancelled.cancel();
    assertThatThrownBy(() -> new Interrupts(null, cancelled, Long.MAX_VALUE, "a.csv").check(8))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
    assertThatThrownBy(() -> Interrupts.ofOperator(null, cancelled, Long.MAX_VALUE,
        "joining rows").check(9)).hasMessage("Statement cancelled while joining rows (row 9).");

    long past = System.nanoTime() - 1;
    assertThatThrownBy(() -> new Interrupts(new AtomicBoolean(), new QueryDiagnostics(), past,
        "a.csv").check(3)).isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
          assertThat(e.getMessage())
              .isEqualTo("Statement exceeded its query timeout while reading a.csv at row 3.");
        });
    assertThatThrownBy(() -> Interrupts.ofOperator(null, null, past, "joining rows").check(4))
        .hasMessage("Statement exceeded its query timeout while joining rows (row 4).");
  }

  @Test
  void scanProgressAddsOnlyWhatIsNewAndAFinishedScanCountsItsWholeFile() {
    QueryDiagnostics d = new QueryDiagnostics();
    ScanProgress p = new ScanProgress(d, 1000);
    p.at(100, 10);
    p.at(250, 30);
    assertThat(d.bytesRead()).isEqualTo(250);
    assertThat(d.rowsRead()).isEqualTo(30);
    p.at(5000, 40);
    assertThat(d.bytesRead()).as("capped at the file's size").isEqualTo(1000);
    p.finish(50);
    assertThat(d.bytesRead()).isEqualTo(1000);
    assertThat(d.rowsRead()).isEqualTo(50);
    p.at(10, 60);
    p.finish(70);
    assertThat(d.bytesRead()).as("nothing after finishing").isEqualTo(1000);
    assertThat(d.rowsRead()).isEqualTo(50);

    ScanProgress early = new ScanProgress(d, 200);
    early.finish(5);
    assertThat(d.bytesRead()).isEqualTo(1200);
    assertThat(d.rowsRead()).isEqualTo(55);

    ScanProgress none = new ScanProgress(null, 100);
    none.at(10, 1);
    none.finish(2);
  }
}
