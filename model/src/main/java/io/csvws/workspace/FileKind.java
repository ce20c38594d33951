package io.csvws.workspace;

import java.util.Locale;

/** The extensions csvws reads as tables, and what each says about the delimiter. */
public enum FileKind {
  CSV(".csv", ','),
  TSV(".tsv", '\t'),
  TAB(".tab", '\t'),
  PSV(".psv", '|'),
  /** Plain text: the delimiter is sniffed with no preference. */
  TXT(".txt", '\0');

  private final String extension;
  private final char delimiterHint;

  FileKind(String extension, char delimiterHint) {
    this.extension = extension;
    this.delimiterHint = delimiterHint;
  }

  public String extension() {
    return extension;
  }

  /** The delimiter to prefer when sniffing is undecided, or {@code '\0'} for no preference. */
  public char delimiterHint() {
    return delimiterHint;
  }

  /** The gzip suffix that may follow any table extension. */
  static final String GZIP_SUFFIX = ".gz";

  /**
   * Returns the kind of a file name such as {@code q1.csv} or {@code q1.tsv.gz} (case-insensitive),
   * or null if csvws does not read it as a table.
   */
  static FileKind of(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    if (n.endsWith(GZIP_SUFFIX)) {
      n = n.substring(0, n.length() - GZIP_SUFFIX.length());
    }
    for (FileKind k : values()) {
      if (n.endsWith(k.extension) && n.length() > k.extension.length()) {
        return k;
      }
    }
    return null;
  }

  static boolean isGzip(String fileName) {
    return fileName.toLowerCase(Locale.ROOT).endsWith(GZIP_SUFFIX);
  }

  /** The file name without its table extension and gzip suffix: {@code q1.csv.gz} is {@code q1}. */
  static String baseName(String fileName) {
    String n = fileName;
    if (isGzip(n)) {
      n = n.substring(0, n.length() - GZIP_SUFFIX.length());
    }
    FileKind k = of(fileName);
    return k == null ? n : n.substring(0, n.length() - k.extension.length());
  }

  /** The extensions of a file name as a name suffix: {@code q1.csv.gz} gives {@code csv_gz}. */
  static String extensionSuffix(String fileName) {
    String base = baseName(fileName);
    return fileName.substring(base.length() + 1).replace('.', '_').toLowerCase(Locale.ROOT);
  }
}
