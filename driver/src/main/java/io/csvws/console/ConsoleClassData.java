package io.csvws.console;

import io.csvws.driver.CsvwsUrl;
import io.csvws.launch.ClassDataArchive;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the console's class-data archive at build time ({@link ClassDataArchive}): the classes
 * of a console session over the example workspace that runs scans, filters, groups, joins, sorts
 * and metadata commands, so that a console started with {@code java -jar} maps them instead of
 * loading them.
 */
public final class ConsoleClassData {
  /** Queries the training session runs. */
  private static final List<String> TRAINING = List.of(
      "SELECT * FROM customers LIMIT 5",
      "SELECT COUNT(*) FROM customers",
      "SELECT country, COUNT(*) AS n FROM customers WHERE active GROUP BY country ORDER BY n DESC",
      "SELECT c.name, SUM(o.quantity * o.unit_price) AS spent FROM customers c "
          + "JOIN sales.orders_2024 o ON o.customer_id = c.customer_id "
          + "WHERE o.status <> 'cancelled' GROUP BY c.name ORDER BY spent DESC LIMIT 3",
      "SELECT _row, * FROM \"sales/orders_2025.tsv\" WHERE _row BETWEEN 1 AND 2",
      "SELECT DISTINCT status FROM sales.orders_2024",
      "SELECT * FROM csvws.files",
      "!tables",
      "!columns customers");

  /**
   * What the priming session runs: a count of one file, whose metadata the training then reads
   * from the cache while it inspects the others.
   */
  private static final List<String> PRIMING = List.of("SELECT COUNT(*) FROM customers");

  private ConsoleClassData() {
  }

  /**
   * A console session's JVM options and program, running {@code statements}, its home being
   * {@code home}.
   */
  static List<String> session(Path jar, Path workspace, Path home, List<String> statements) {
    List<String> command = new ArrayList<>(List.of("-jar", jar.toString(),
        // The metadata cache in the builder's temporary home: its classes are trained (every
        // real session uses them), and nothing is left in the user's cache folder.
        CsvwsUrl.of(workspace, Map.of("metadataCache",
            home.resolve("metadata-cache").toString())), "--outputformat=csv"));
    for (String statement : statements) {
      command.add("-e");
      command.add(statement);
    }
    return command;
  }

  /**
   * Builds the archive of a console jar: {@code ConsoleClassData JAR WORKSPACE LOG}. A JVM that
   * cannot write archives leaves the jar without one, which only makes the console start slower,
   * so that is reported and not a failure.
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: ConsoleClassData JAR WORKSPACE LOG");
      System.exit(1);
    }
    Path jar = Path.of(args[0]).toRealPath();
    Path workspace = Path.of(args[1]).toAbsolutePath();
    ClassDataArchive a = ClassDataArchive.of(jar);
    String problem = a.create(home -> session(jar, workspace, home, PRIMING),
        home -> session(jar, workspace, home, TRAINING), Path.of(args[2]));
    System.out.println(problem == null
        ? "csvws: wrote the console's class-data archive " + a.archive()
        : "csvws: no class-data archive for the console (it starts slower): " + problem);
  }
}
