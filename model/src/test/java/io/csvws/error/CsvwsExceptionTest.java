package io.csvws.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * Every failure carries its category, and a failure wrapped by Calcite or a thread pool is found
 * again by {@link CsvwsException#find}.
 */
class CsvwsExceptionTest {
  @Test
  void aFailureKeepsItsCodeMessageAndCause() {
    IOException cause = new IOException("disk gone");
    CsvwsException plain = new CsvwsException(ErrorCode.TYPE_MISMATCH, "bad value in row 3");
    CsvwsException caused = new CsvwsException(ErrorCode.FILE_READ_FAILED, "a.csv", cause);

    assertThat(plain.code()).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(plain).hasMessage("bad value in row 3").hasNoCause();
    assertThat(caused.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(caused).hasMessage("a.csv").hasCause(cause);
  }

  @Test
  void aFailureWithoutACodeIsRefused() {
    assertThatThrownBy(() -> new CsvwsException(null, "x"))
        .isInstanceOf(NullPointerException.class).hasMessage("code");
    assertThatThrownBy(() -> new CsvwsException(null, "x", new IOException()))
        .isInstanceOf(NullPointerException.class).hasMessage("code");
  }

  @Test
  void findReturnsTheFirstOfOursInTheCauseChain() {
    CsvwsException inner = new CsvwsException(ErrorCode.DIVISION_BY_ZERO, "inner");
    CsvwsException outer = new CsvwsException(ErrorCode.QUERY_FAILED, "outer", inner);
    Throwable wrapped = new ExecutionException(new RuntimeException("planner", outer));

    assertThat(CsvwsException.find(inner)).isSameAs(inner);
    assertThat(CsvwsException.find(wrapped)).isSameAs(outer);
    assertThat(CsvwsException.find(new RuntimeException("planner", inner))).isSameAs(inner);
  }

  @Test
  void findReturnsNullWhenNoneIsThere() {
    assertThat(CsvwsException.find(null)).isNull();
    assertThat(CsvwsException.find(new UncheckedIOException(new IOException("x")))).isNull();
    assertThat(CsvwsException.find(new IllegalStateException())).isNull();
  }

  /** A throwable that names itself as its cause (as some libraries' do) ends the search. */
  @Test
  void findStopsAtAThrowableThatIsItsOwnCause() {
    Throwable loop = new RuntimeException("loops") {
      private static final long serialVersionUID = 1L;

      @Override
      public synchronized Throwable getCause() {
        return this;
      }
    };

    assertThat(CsvwsException.find(loop)).isNull();
    assertThat(CsvwsException.find(new RuntimeException("outer", loop))).isNull();
  }

  @Test
  void everyCodeHasItsOwnFiveCharacterSqlState() {
    assertThat(ErrorCode.VALIDATION_FAILED.sqlState()).isEqualTo("HY024");
    assertThat(ErrorCode.SANDBOX_VIOLATION.sqlState()).isEqualTo("42501");
    assertThat(ErrorCode.FILE_READ_FAILED.sqlState()).isEqualTo("58030");
    assertThat(ErrorCode.TYPE_MISMATCH.sqlState()).isEqualTo("22018");
    assertThat(ErrorCode.NUMERIC_OUT_OF_RANGE.sqlState()).isEqualTo("22003");
    assertThat(ErrorCode.DIVISION_BY_ZERO.sqlState()).isEqualTo("22012");
    assertThat(ErrorCode.INVALID_ARGUMENT.sqlState()).isEqualTo("22023");
    assertThat(ErrorCode.READ_ONLY.sqlState()).isEqualTo("25006");
    assertThat(ErrorCode.QUERY_FAILED.sqlState()).isEqualTo("42000");
    assertThat(ErrorCode.CANCELLED.sqlState()).isEqualTo("57014");
    assertThat(ErrorCode.TIMEOUT.sqlState()).isEqualTo("HYT00");
    assertThat(Arrays.stream(ErrorCode.values()).map(ErrorCode::sqlState))
        .allSatisfy(s -> assertThat(s).hasSize(5))
        .doesNotHaveDuplicates();
    assertThat(new HashSet<>(Arrays.asList(ErrorCode.values()))).hasSize(11);
  }
}
