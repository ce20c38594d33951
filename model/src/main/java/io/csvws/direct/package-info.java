/**
 * Statements the engine answers without Calcite: the few exact shapes (a whole table's
 * {@code COUNT(*)}, a seek by row number, a grouped count or sum) that a script or an agent runs
 * in a fresh JVM, recognised from their text so that answering them loads neither Calcite's
 * parser nor its connection.
 */
package io.csvws.direct;
