package io.csvws.console;

import io.csvws.launch.Relaunch;

/**
 * The entry point of {@code csvws-driver.jar}: {@code java -jar csvws-driver.jar [folder]
 * [SQLLine options]} opens the csvws console. See {@link Console} for what it does, and
 * {@link Relaunch} for why it may run in a second JVM.
 */
public final class Main {
  /** System property: {@code false} runs the console in the JVM {@code java -jar} started. */
  static final String RELAUNCH = "csvws.console.relaunch";

  /** SLF4J 2 reads this once, when a logger is first asked for. */
  static final String SLF4J_VERBOSITY = "slf4j.internal.verbosity";

  private Main() {
  }

  public static void main(String[] args) {
    // Ctrl-C belongs to the console (it cancels a statement), not to the JVM that waits for it.
    Integer status = new Relaunch(RELAUNCH, false).relaunch(args, Main.class);
    if (status != null) {
      System.exit(status);
    }
    // The jar deliberately holds no logging backend: without this, slf4j-api (used by Calcite)
    // prints a three-line "No SLF4J providers were found" warning at the first query. Set before
    // anything that logs is loaded; a value the user gave with -D wins.
    if (System.getProperty(SLF4J_VERBOSITY) == null) {
      System.setProperty(SLF4J_VERBOSITY, "ERROR");
    }
    System.exit(new Console(System.in, System.out, System.err).run(args));
  }
}
