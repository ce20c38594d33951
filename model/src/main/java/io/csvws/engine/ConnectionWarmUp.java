package io.csvws.engine;

import io.csvws.scan.ScanWorkers;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;

/**
 * Readies, on a scan thread, the two once-per-JVM parts of a first Calcite connection that need
 * nothing from Calcite: Avatica's protocol descriptors (built from their serialised form when
 * Avatica's connection properties are first used) and the secure random generator of Avatica's
 * connection ids. In a fresh JVM they are about a third of making the first connection, and the
 * caller reaches them only after a few hundred milliseconds of Calcite's own classes, so on a
 * second core they are ready by then.
 *
 * <p>Only classes the caller does not initialise until it needs them finished are readied here:
 * two threads initialising classes that refer to each other would wait for each other for ever,
 * so none of Calcite's SQL classes (its type system, operators, parser) is touched.
 */
final class ConnectionWarmUp {
  /** The class whose initialisation builds the protocol descriptors Avatica's connection uses. */
  private static final String PROTOCOL_DESCRIPTORS =
      "org.apache.calcite.avatica.ConnectionPropertiesImpl";

  private ConnectionWarmUp() {}

  /** Starts readying them on one of {@code workers}; returns at once. */
  static void start(ScanWorkers workers) {
    try {
      workers.submit(ConnectionWarmUp::run);
    } catch (RejectedExecutionException e) {
      // The engine is closing; whatever connects next will say so.
    }
  }

  private static void run() {
    UUID.randomUUID();
    try {
      Class.forName(PROTOCOL_DESCRIPTORS, true, ConnectionWarmUp.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      // The connection initialises it again on the caller's thread and reports what fails.
    }
  }
}
