package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.console.JarProcess.Result;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code driver/target/csvws-driver.jar} as a driver jar: what it holds, and that the driver is
 * found with nothing else on the class path, by {@code DriverManager} and by a tool that loads
 * the jar in a class loader of its own (as DBeaver and IntelliJ do).
 */
class ShadedJarIT {
  @TempDir
  Path scratch;

  @Test
  void theJarRunsTheConsoleHoldsSqlLineAndCarriesNoSignatures() throws Exception {
    try (JarFile jar = new JarFile(JarProcess.jar().toFile())) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo(Main.class.getName());
      List<String> names = Collections.list(jar.entries()).stream().map(JarEntry::getName)
          .collect(Collectors.toList());
      assertThat(names).contains("sqlline/SqlLine.class", "io/csvws/driver/CsvwsDriver.class",
          "org/apache/calcite/jdbc/Driver.class",
          ExampleWorkspace.BUNDLED + "/customers.csv",
          ExampleWorkspace.BUNDLED + "/sales/orders_2024.csv");
      assertThat(names).as("signature files of the merged jars")
          .noneMatch(n -> n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
      assertThat(names).as("logging backends").noneMatch(n -> n.startsWith("ch/qos/logback/")
          || n.startsWith("org/slf4j/simple/") || n.startsWith("org/apache/logging/log4j/core/"));
      assertThat(names).as("SLF4J, which Calcite logs through, in a copy of its own")
          .noneMatch(n -> n.startsWith("org/slf4j/"))
          .contains("io/csvws/internal/slf4j/LoggerFactory.class");
      try (InputStream in = jar.getInputStream(jar.getEntry(
          "META-INF/services/io.csvws.internal.slf4j.spi.SLF4JServiceProvider"))) {
        assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip())
            .isEqualTo("io.csvws.internal.slf4j.helpers.NOP_FallbackServiceProvider");
      }
      try (InputStream in = jar.getInputStream(jar.getEntry("META-INF/services/java.sql.Driver"))) {
        assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines())
            .contains("io.csvws.driver.CsvwsDriver");
      }
    }
  }

  @Test
  void driverManagerFindsTheDriverWithOnlyTheJarOnTheClassPath() throws Exception {
    // A program of its own, run from source with the jar as its whole class path.
    Path probe = scratch.resolve("Probe.java");
    Files.writeString(probe, """
        import java.sql.*;

        public class Probe {
          public static void main(String[] args) throws Exception {
            try (Connection c = DriverManager.getConnection(args[0]);
                 ResultSet rs = c.createStatement().executeQuery(
                     "select count(*), max(name) from customers where country = 'US'")) {
              rs.next();
              System.out.println(DriverManager.getDriver(args[0]).getClass().getName()
                  + " " + rs.getLong(1) + " " + rs.getString(2));
            }
          }
        }
        """);
    List<String> command = JarProcess.javaCommand(scratch);
    command.addAll(List.of("-cp", JarProcess.jar().toString(), probe.toString(),
        "jdbc:csvws:" + JarProcess.projectRoot().resolve("src/examples/workspace")));

    Result r = JarProcess.run(scratch, scratch, "", command);

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).isEqualTo("io.csvws.driver.CsvwsDriver 2 Katherine Johnson\n");
    // Nothing on the program's standard error: no warnings of the logging Calcite uses, planned
    // statement or not.
    assertThat(r.err()).as("%s", r).isEmpty();
  }

  /**
   * A fresh JVM's statements that csvws answers without Calcite (a count and a seek from the
   * metadata cache, a limit), and the metadata SQLLine reads as it connects, neither make Calcite's
   * connection nor link a lambda of csvws's or load linq4j's operators: each would cost every such
   * JVM milliseconds (docs/benchmarks.md, "A fresh JVM beyond its own start").
   */
  @Test
  void aFreshJvmsDirectStatementsLoadNeitherCalcitesConnectionNorLambdas() throws Exception {
    Path probe = scratch.resolve("Direct.java");
    Files.writeString(probe, """
        import java.sql.*;

        public class Direct {
          public static void main(String[] args) throws Exception {
            try (Connection c = DriverManager.getConnection(args[0])) {
              DatabaseMetaData md = c.getMetaData();
              System.out.println(md.getDatabaseProductName() + " "
                  + md.getIdentifierQuoteString() + md.getSQLKeywords().isEmpty()
                  + md.getExtraNameCharacters().isEmpty());
              for (int q = 1; q < args.length; q++) {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(args[q])) {
                  StringBuilder line = new StringBuilder();
                  while (rs.next()) {
                    line.append(rs.getObject(1)).append(';');
                  }
                  System.out.println(line);
                }
              }
            }
          }
        }
        """);
    String url = "jdbc:csvws:" + JarProcess.projectRoot().resolve("src/examples/workspace")
        + "?metadataCache=" + scratch.resolve("cache");
    List<String> statements = List.of("SELECT COUNT(*) FROM customers",
        "SELECT * FROM customers WHERE _row BETWEEN 2 AND 3", "SELECT * FROM customers LIMIT 2");
    List<String> first = JarProcess.javaCommand(scratch);
    first.addAll(List.of("-cp", JarProcess.jar().toString(), probe.toString(), url));
    first.addAll(statements);
    Result cached = JarProcess.run(scratch, scratch, "", first);
    assertThat(cached.status()).as("%s", cached).isZero();

    Path loaded = scratch.resolve("classes.log");
    List<String> again = JarProcess.javaCommand(scratch);
    again.addAll(List.of("-Xlog:class+load:file=" + loaded, "-cp", JarProcess.jar().toString(),
        probe.toString(), url));
    again.addAll(statements);
    Result r = JarProcess.run(scratch, scratch, "", again);

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).isEqualTo(cached.out());
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo("csvws \"falsetrue");
    assertThat(lines.get(1)).matches("\\d+;");
    assertThat(lines.get(2).split(";")).hasSize(2);
    assertThat(lines.get(3).split(";")).hasSize(2);
    List<String> classes = Files.readAllLines(loaded);
    assertThat(classes).as("classes loaded").hasSizeGreaterThan(500)
        .anyMatch(l -> l.contains(" io.csvws.driver.DirectResultSet "));
    assertThat(classes).as("Calcite's connection, csvws's lambdas, linq4j's operators")
        .noneMatch(l -> l.contains(" org.apache.calcite.jdbc.")
            || l.matches(".* io\\.csvws\\.\\S*\\$\\$Lambda.*")
            || l.contains("org.apache.calcite.linq4j.EnumerableDefaults"));
  }

  @Test
  void aToolLoadsTheDriverFromTheJarInAClassLoaderOfItsOwn() throws Exception {
    URL[] jar = {JarProcess.jar().toUri().toURL()};
    // Parent: the platform loader, so nothing of this test's class path leaks in.
    try (URLClassLoader loader = new URLClassLoader("bi-tool", jar,
        ClassLoader.getPlatformClassLoader())) {
      List<String> found = new ArrayList<>();
      ServiceLoader.load(Driver.class, loader).forEach(d -> found.add(d.getClass().getName()));
      assertThat(found).contains("io.csvws.driver.CsvwsDriver");

      Driver driver = (Driver) loader.loadClass("io.csvws.driver.CsvwsDriver")
          .getDeclaredConstructor().newInstance();
      assertThat(driver.getClass().getClassLoader()).isSameAs(loader);
      String url = "jdbc:csvws:" + JarProcess.projectRoot().resolve("src/examples/workspace");
      assertThat(driver.acceptsURL(url)).isTrue();
      assertThat(driver.getPropertyInfo(url, new Properties())).isNotEmpty();

      // Tools send user and password whether or not the database has users.
      Properties info = new Properties();
      info.setProperty("user", "");
      info.setProperty("password", "");
      try (Connection c = driver.connect(url, info)) {
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
          while (rs.next()) {
            tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
          }
        }
        assertThat(tables).contains("main.customers", "sales.orders_2025");
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select name from reference.countries"
                 + " where code = 'DE'")) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).isEqualTo("Germany");
        }
      }
    }
  }
}
