package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.csvws.driver.CsvwsDataSource;
import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import io.csvws.engine.Engine;
import io.csvws.engine.Execution;
import io.csvws.engine.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running queries belong to the engine they run on: two drivers on two engines do not see each
 * other's queries, an operator cancels through the engine, and a pool over a {@link
 * CsvwsDataSource} runs its queries on the data source's engine.
 */
class EngineInstancesTest {
  @TempDir
  static Path dir;
  static String url;

  @BeforeAll
  static void files() throws IOException {
    StringBuilder b = new StringBuilder("id,name\n");
    for (int i = 1; i <= 50_000; i++) {
      b.append(i).append(",name ").append(i).append('\n');
    }
    Files.writeString(dir.resolve("people.csv"), b);
    url = CsvwsUrl.of(dir);
  }

  @Test
  void anOpenResultIsARunningQueryOfItsEngineOnly() throws SQLException {
    CsvwsDriver a = new CsvwsDriver(Engine.create());
    CsvwsDriver b = new CsvwsDriver(Engine.create());
    try (Connection ca = a.connect(url, new Properties());
        Connection cb = b.connect(url, new Properties());
        Statement s = ca.createStatement()) {
      assertThat(a.engine().runningQueries()).isEmpty();
      try (ResultSet rs = s.executeQuery("SELECT id, name FROM people")) {
        assertThat(rs.next()).isTrue();
        List<Execution> running = a.engine().runningQueries();
        assertThat(running).hasSize(1);
        assertThat(running.get(0).owner()).isSameAs(Thread.currentThread());
        assertThat(running.get(0).progress().running()).isTrue();
        for (int i = 0; i < 20_000; i++) {
          assertThat(rs.next()).isTrue();
        }
        assertThat(running.get(0).progress().rowsRead())
            .as("scans count rows at their interrupt checks").isPositive();
        assertThat(b.engine().runningQueries()).as("the other engine runs nothing").isEmpty();
        try (Statement sb = cb.createStatement(); ResultSet rb = sb.executeQuery(
            "SELECT COUNT(*) FROM people")) {
          assertThat(rb.next()).isTrue();
          assertThat(rb.getLong(1)).isEqualTo(50_000);
        }
      }
      assertThat(a.engine().runningQueries()).as("closed results run no more").isEmpty();
    }
  }

  @Test
  void anOperatorCancelsThroughTheEngineAndTheClientReadsWhy() throws SQLException {
    CsvwsDriver driver = new CsvwsDriver(Engine.create());
    try (Connection c = driver.connect(url, new Properties());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, name FROM people")) {
      assertThat(rs.next()).isTrue();
      Execution e = driver.engine().runningQueries().get(0);
      e.cancel("stopped by the operator for the test");
      assertThat(e.cancelled()).isTrue();
      assertThatThrownBy(() -> {
        while (rs.next()) {
          // read until the cancel is seen
        }
      }).isInstanceOf(SQLException.class)
          .hasMessageContaining("stopped by the operator for the test")
          .satisfies(t -> assertThat(((SQLException) t).getSQLState()).isEqualTo("57014"));
    }
    assertThat(driver.engine().runningQueries()).isEmpty();
  }

  @Test
  void aHikariPoolOverADataSourceRunsOnTheDataSourcesEngine() throws Exception {
    CsvwsDriver driver = new CsvwsDriver(Engine.create());
    HikariConfig config = new HikariConfig();
    config.setDataSource(new CsvwsDataSource(driver, url));
    config.setMaximumPoolSize(2);
    config.setReadOnly(true);
    try (HikariDataSource pool = new HikariDataSource(config);
        Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name FROM people WHERE id = 7")) {
      assertThat(driver.engine().runningQueries()).hasSize(1);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("name 7");
      assertThat(c.unwrap(Engine.class)).isSameAs(driver.engine());
      assertThat(c.unwrap(Session.class).root()).isEqualTo(dir.toRealPath());
    }
  }

  @Test
  void aDataSourceRefusesAnotherDriversUrl() {
    CsvwsDriver driver = new CsvwsDriver(Engine.create());
    assertThatThrownBy(() -> new CsvwsDataSource(driver, "jdbc:duckdb:"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'jdbc:duckdb:' is not a csvws URL; it starts with jdbc:csvws:.");
  }

  @Test
  void theSessionListsTablesAndPagesFilesWithoutAQuery() throws SQLException {
    CsvwsDriver driver = new CsvwsDriver(Engine.create());
    try (Connection c = driver.connect(url, new Properties())) {
      Session session = c.unwrap(Session.class);
      assertThat(session.tables(s -> s.equals("main"), t -> true))
          .extracting(t -> t.schema() + "." + t.name() + " " + t.type())
          .containsExactly("main.people TABLE");
      assertThat(session.files().size()).isEqualTo(1);
      assertThat(session.files().rows(0, 10)).hasSize(1);
      assertThat(Engine.tableFileExtensions()).contains(".csv", ".tsv");
    }
  }
}
