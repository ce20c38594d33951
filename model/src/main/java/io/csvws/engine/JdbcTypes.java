package io.csvws.engine;

import io.csvws.sql.JdbcColumns;

/** How csvws names column types to JDBC clients. */
public final class JdbcTypes {
  private JdbcTypes() {
  }

  /**
   * The plain name of a type as JDBC tools expect it, such as {@code VARCHAR} for Calcite's
   * {@code VARCHAR CHARACTER SET "UTF-8"}.
   *
   * @param dataType the {@link java.sql.Types} code
   * @param engineName the name the engine's connection gives the type
   */
  public static String typeName(int dataType, String engineName) {
    return JdbcColumns.typeName(dataType, engineName);
  }
}
