package io.csvws.differential;

import java.util.List;

/**
 * A named group of queries of the differential suite.
 *
 * @param name what the queries are about; the test report groups them under it
 * @param queries the queries
 */
record Topic(String name, List<QueryCase> queries) {
  Topic {
    queries = List.copyOf(queries);
  }
}
