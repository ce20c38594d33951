package io.csvws.agent;

/**
 * One table file as {@code csvws.files} describes it.
 *
 * @param schema   SQL schema ({@code main} for files at the top of the workspace)
 * @param name     SQL table name
 * @param path     path relative to the workspace, with {@code /}
 * @param error    why the file cannot be read, or null
 */
record TableInfo(String schema, String name, String path, Long sizeBytes, String encoding,
    Double encodingConfidence, String delimiter, String quote, Boolean header, String lineEnding,
    Double dialectConfidence, String dialectDecidedBy, Integer columnCount, Long rowCount,
    String warnings, String error) {

  /** The name a query uses: {@code schema.table}, or just {@code table} in {@code main}. */
  String sqlName() {
    return schema.equals("main") ? name : schema + "." + name;
  }

  /** The table in SQL, by its quoted path: unambiguous whatever the names. */
  String ref() {
    return Sql.quote(path);
  }
}
