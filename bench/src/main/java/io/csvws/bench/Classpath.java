package io.csvws.bench;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The class path of a child JVM: this JVM's, less the jars of the other engines. JDBC loads
 * every driver on the class path when it is first used, and some drivers do work when loaded,
 * so each engine runs with only its own driver, as an application that uses it would.
 */
final class Classpath {
  private Classpath() {
  }

  /** File-name prefixes of each engine's own jars. */
  static List<String> ownJars(Engine e) {
    return switch (e) {
      case CSVWS, CSVWS_CACHED -> List.of("csvws-driver-", "csvws-model-");
      case CALCITE -> List.of("calcite-file-");
      case CSVJDBC -> List.of("csvjdbc-");
      case DUCKDB -> List.of("duckdb_jdbc-");
      case H2 -> List.of("h2-");
      case BYTES, FASTCSV -> List.of();
    };
  }

  /** Whether a class path entry is a jar of an engine other than {@code e}. */
  static boolean foreign(String entry, Engine e) {
    String name = new File(entry).getName();
    if (!name.endsWith(".jar")) {
      return false;
    }
    for (Engine other : Engine.values()) {
      if (ownJars(other).equals(ownJars(e))) {
        continue;
      }
      for (String prefix : ownJars(other)) {
        if (name.startsWith(prefix)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code classPath} (entries separated by the platform's separator) for engine {@code e}. */
  static String forEngine(String classPath, Engine e) {
    List<String> kept = new ArrayList<>();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (!entry.isEmpty() && !foreign(entry, e)) {
        kept.add(entry);
      }
    }
    return String.join(File.pathSeparator, kept);
  }

  /**
   * The class path of a child JVM that runs one query on csvws from {@code driverJar} (a driver
   * jar of this checkout or another) or on DuckDB: the bench's own jar and the engine's, nothing
   * else of this JVM's class path. Run from classes (an IDE), the bench's jar is the class path
   * this JVM's engine needs.
   */
  static String forChild(boolean csvws, Path driverJar) {
    String classPath = System.getProperty("java.class.path");
    String duckdbJar = null;
    for (String entry : classPath.split(File.pathSeparator)) {
      if (new File(entry).getName().startsWith("duckdb_jdbc-")) {
        duckdbJar = entry;
      }
    }
    String benchJar = benchJar(csvws ? Engine.CSVWS : Engine.DUCKDB);
    return csvws ? driverJar + File.pathSeparator + benchJar
        : benchJar + (duckdbJar == null ? "" : File.pathSeparator + duckdbJar);
  }

  /** The class path of a child JVM that runs the bench's own code and no engine's. */
  static String benchOnly() {
    return benchJar(Engine.BYTES);
  }

  /** The bench's jar; run from classes, this JVM's class path less other engines than e's. */
  private static String benchJar(Engine e) {
    String classPath = System.getProperty("java.class.path");
    for (String entry : classPath.split(File.pathSeparator)) {
      if (new File(entry).getName().startsWith("csvws-bench")) {
        return entry;
      }
    }
    return forEngine(classPath, e);
  }
}
