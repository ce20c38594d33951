package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.testing.ModelConnection;
import java.nio.file.Path;
import java.sql.Connection;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A statement's context with checked arithmetic and every other setting of the connection. */
class CheckedContextTest {

  @Test
  void onlyTheConformanceChanges(@TempDir Path dir) throws Exception {
    try (Connection c = ModelConnection.open(dir)) {
      CalcitePrepare.Context plain = c.unwrap(CalciteConnection.class).createPrepareContext();
      CalcitePrepare.Context checked = CheckedContext.of(plain);

      assertThat(CheckedContext.of(checked)).isSameAs(checked);
      assertThat(checked.config().conformance()).isSameAs(CsvwsConformance.INSTANCE);
      assertThat(checked.config().conformance().checkedArithmetic()).isTrue();
      assertThat(plain.config().conformance().checkedArithmetic()).isFalse();
      assertThat(checked.config().caseSensitive()).isFalse();
      assertThat(checked.config().quoting()).isEqualTo(plain.config().quoting());
      assertThat(checked.config().parserFactory(Object.class, null))
          .isSameAs(CsvwsParser.FACTORY);
      assertThat(checked.getTypeFactory()).isSameAs(plain.getTypeFactory());
      assertThat(checked.getRootSchema()).isSameAs(plain.getRootSchema());
      assertThat(checked.getMutableRootSchema()).isSameAs(plain.getMutableRootSchema());
      assertThat(checked.getDefaultSchemaPath()).isEqualTo(plain.getDefaultSchemaPath())
          .containsExactly("main");
      assertThat(checked.getObjectPath()).isEqualTo(plain.getObjectPath());
      assertThat(checked.getDataContext().getRootSchema().getName()).isEmpty();
      assertThat(checked.getRelRunner()).isNotNull();
      assertThat(checked.spark()).isNotNull();
    }
  }
}
