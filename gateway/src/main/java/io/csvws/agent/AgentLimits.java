package io.csvws.agent;

/**
 * The bounds of every tool response, set by the operator: the defaults a call gets when it asks
 * for nothing, and the ceilings a call cannot go past however it asks. Immutable.
 *
 * <p>Defaults follow what an agent can afford to read: 50 columns, 500 characters a cell, 50 rows
 * a window, and a response of at most 60,000 bytes of JSON. Whatever is left out is named in the
 * response, with the argument that brings it in.
 */
public final class AgentLimits {
  private final int defaultColumns;
  private final int maxColumns;
  private final int defaultCellChars;
  private final int maxCellChars;
  private final int defaultRows;
  private final int maxRows;
  private final int defaultResponseBytes;
  private final int maxResponseBytes;
  private final int queryTimeoutSeconds;
  private final int maxNamedResults;

  private AgentLimits(Builder b) {
    this.defaultColumns = b.defaultColumns;
    this.maxColumns = b.maxColumns;
    this.defaultCellChars = b.defaultCellChars;
    this.maxCellChars = b.maxCellChars;
    this.defaultRows = b.defaultRows;
    this.maxRows = b.maxRows;
    this.defaultResponseBytes = b.defaultResponseBytes;
    this.maxResponseBytes = b.maxResponseBytes;
    this.queryTimeoutSeconds = b.queryTimeoutSeconds;
    this.maxNamedResults = b.maxNamedResults;
    check(defaultColumns, maxColumns, "columns");
    check(defaultCellChars, maxCellChars, "cell characters");
    check(defaultRows, maxRows, "rows");
    check(defaultResponseBytes, maxResponseBytes, "response bytes");
    if (defaultResponseBytes < 4096) {
      throw new IllegalArgumentException("A response budget below 4096 bytes leaves no room for "
          + "the description of what was cut; got " + defaultResponseBytes);
    }
    if (queryTimeoutSeconds < 1 || maxNamedResults < 1) {
      throw new IllegalArgumentException("The query timeout and the number of named results must "
          + "be at least 1");
    }
  }

  private static void check(int def, int max, String what) {
    if (def < 1 || max < def) {
      throw new IllegalArgumentException("Limits of " + what + ": the default (" + def
          + ") must be at least 1 and at most the maximum (" + max + ")");
    }
  }

  /** 50 columns (up to 1,000), 500 characters a cell (up to 20,000), 50 rows (up to 5,000),
   * 60,000 response bytes (up to 1,000,000), 60 s a query, 100 named results. */
  public static AgentLimits defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public int defaultColumns() {
    return defaultColumns;
  }

  public int maxColumns() {
    return maxColumns;
  }

  public int defaultCellChars() {
    return defaultCellChars;
  }

  public int maxCellChars() {
    return maxCellChars;
  }

  public int defaultRows() {
    return defaultRows;
  }

  public int maxRows() {
    return maxRows;
  }

  public int defaultResponseBytes() {
    return defaultResponseBytes;
  }

  public int maxResponseBytes() {
    return maxResponseBytes;
  }

  public int queryTimeoutSeconds() {
    return queryTimeoutSeconds;
  }

  public int maxNamedResults() {
    return maxNamedResults;
  }

  /** Builds {@link AgentLimits}; every value starts at its default. Not thread-safe. */
  public static final class Builder {
    private int defaultColumns = 50;
    private int maxColumns = 1_000;
    private int defaultCellChars = 500;
    private int maxCellChars = 20_000;
    private int defaultRows = 50;
    private int maxRows = 5_000;
    private int defaultResponseBytes = 60_000;
    private int maxResponseBytes = 1_000_000;
    private int queryTimeoutSeconds = 60;
    private int maxNamedResults = 100;

    private Builder() {
    }

    public Builder columns(int byDefault, int atMost) {
      this.defaultColumns = byDefault;
      this.maxColumns = atMost;
      return this;
    }

    public Builder cellChars(int byDefault, int atMost) {
      this.defaultCellChars = byDefault;
      this.maxCellChars = atMost;
      return this;
    }

    public Builder rows(int byDefault, int atMost) {
      this.defaultRows = byDefault;
      this.maxRows = atMost;
      return this;
    }

    public Builder responseBytes(int byDefault, int atMost) {
      this.defaultResponseBytes = byDefault;
      this.maxResponseBytes = atMost;
      return this;
    }

    public Builder queryTimeoutSeconds(int seconds) {
      this.queryTimeoutSeconds = seconds;
      return this;
    }

    public Builder maxNamedResults(int count) {
      this.maxNamedResults = count;
      return this;
    }

    /** Throws {@link IllegalArgumentException} naming the limit that does not hold together. */
    public AgentLimits build() {
      return new AgentLimits(this);
    }
  }
}
