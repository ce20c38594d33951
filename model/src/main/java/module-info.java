/**
 * The csvws engine: SQL over a folder of CSV files. Its front door is {@link
 * io.csvws.engine.Engine}; the configuration ({@code io.csvws.config}) and the error types
 * ({@code io.csvws.error}) are the rest of its API. Every other package (parsing, sniffing,
 * planning, scanning) is internal.
 *
 * <p>csvws runs from the class path (the driver's jar bundles Calcite, which is not a named
 * module); this descriptor names the API, and {@code FrontDoorTest} fails the build when the
 * driver, the gateway, the agent tools or the benchmark reach past it.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.csvws.model {
  requires transitive java.sql;
  // Direct answers are described in Avatica's terms (ColumnMetaData, Cursor), read by the
  // JDBC layer with Avatica's own accessors.
  requires transitive avatica.core;
  requires calcite.babel;
  requires calcite.core;
  requires calcite.linq4j;
  requires com.fasterxml.jackson.databind;
  requires com.google.common;
  requires jdk.management;
  requires org.codehaus.commons.compiler;
  requires org.slf4j;
  requires static org.immutables.value.annotations;

  exports io.csvws.engine;
  exports io.csvws.config;
  exports io.csvws.error;
}
