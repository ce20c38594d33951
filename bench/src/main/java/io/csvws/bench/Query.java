package io.csvws.bench;

/** The benchmark's queries, as issue 4 lists them. */
public enum Query {
  Q1("COUNT(*) of tall", "tall"),
  Q2("status, COUNT(*), SUM(amount) GROUP BY status", "tall"),
  Q3("id, email WHERE country = 'DE' AND qty > 50, fully consumed", "tall"),
  Q4("chr, pos, sample_00017 of wide, fully consumed", "wide"),
  Q5("SELECT * LIMIT 20 (time to first rows)", "tall"),
  Q6("the rows with _row between 1,500,000 and 1,500,020 (3/4 of the rows in quick mode)",
      "tall"),
  Q7("SELECT * of tall, fully consumed", "tall");

  private final String description;
  private final String table;

  Query(String description, String table) {
    this.description = description;
    this.table = table;
  }

  public String description() {
    return description;
  }

  /** The table (file name without .csv) the query reads. */
  public String table() {
    return table;
  }

  /**
   * The number a run reports to compare engines: the count for Q1, the sum of the counts for Q2,
   * the sum of the second column (pos) for Q4, the sum of the first column (id) otherwise.
   */
  int checkColumn() {
    return switch (this) {
      case Q2, Q4 -> 2;
      default -> 1;
    };
  }
}
