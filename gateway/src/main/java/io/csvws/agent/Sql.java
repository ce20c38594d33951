package io.csvws.agent;

/** Small helpers for the SQL the tools write themselves. */
final class Sql {
  private Sql() {
  }

  /** A double-quoted identifier: the name exactly, quotes inside doubled. */
  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
