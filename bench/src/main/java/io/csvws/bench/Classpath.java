package io.csvws.bench;

import java.io.File;
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
}
