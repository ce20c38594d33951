package io.csvws.engine;

/**
 * A table as JDBC's {@code getTables} lists it.
 *
 * @param schema its schema name, such as {@code main} or {@code sales.eu}
 * @param name its table name
 * @param type {@code TABLE} for a file, {@code SYSTEM TABLE} for the {@code csvws} tables
 */
public record TableEntry(String schema, String name, String type) {
}
