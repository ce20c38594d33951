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
