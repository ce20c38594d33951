package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** maxRows limits the rows of a PreparedStatement as it does those of a Statement. */
class PreparedMaxRowsTest {
  @TempDir
  Path dir;

  @Test
  void maxRowsStopsPreparedAndPlainStatementsAlike() throws Exception {
    StringBuilder b = new StringBuilder("id\n");
    for (int i = 1; i <= 120; i++) {
      b.append(i).append('\n');
    }
    write(dir, "numbers.csv", b.toString());
    try (Connection c = Queries.open(dir)) {
      try (PreparedStatement p = c.prepareStatement("SELECT id FROM numbers ORDER BY id")) {
        p.setLargeMaxRows(5);
        try (ResultSet rs = p.executeQuery()) {
          assertThat(rows(rs)).hasSize(5);
        }
        p.setMaxRows(0);
        try (ResultSet rs = p.executeQuery()) {
          assertThat(rows(rs)).as("0: no limit").hasSize(120);
        }
        p.setMaxRows(7);
        assertThat(p.execute()).isTrue();
        try (ResultSet rs = p.getResultSet()) {
          assertThat(rows(rs)).hasSize(7);
        }
      }
      try (Statement s = c.createStatement()) {
        s.setMaxRows(5);
        try (ResultSet rs = s.executeQuery("SELECT id FROM numbers")) {
          assertThat(rows(rs)).hasSize(5);
        }
      }
    }
  }
}
