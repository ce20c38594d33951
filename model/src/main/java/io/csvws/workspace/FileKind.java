package io.csvws.workspace;

import java.util.List;
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
  public static FileKind of(String fileName) {
    int end = fileName.length();
    if (endsWithIgnoringCase(fileName, end, GZIP_SUFFIX)) {
      end -= GZIP_SUFFIX.length();
    }
    for (FileKind k : KINDS) {
      if (end > k.extension.length() && endsWithIgnoringCase(fileName, end, k.extension)) {
        return k;
      }
    }
    return null;
  }

  static boolean isGzip(String fileName) {
    return endsWithIgnoringCase(fileName, fileName.length(), GZIP_SUFFIX);
  }

  /** Every kind, in declaration order, without the copy {@code values()} makes on each call. */
  private static final List<FileKind> KINDS = List.of(values());

  /**
   * Whether the first {@code end} characters of {@code name} end with {@code suffix} (lower-case
   * ASCII), ignoring the case of ASCII letters. Extensions are ASCII, so this is what lower-casing
   * the name first would tell, without a copy of each of the thousands of names a folder holds.
   */
  private static boolean endsWithIgnoringCase(String name, int end, String suffix) {
    int start = end - suffix.length();
    if (start < 0) {
      return false;
    }
    for (int i = 0; i < suffix.length(); i++) {
      char c = name.charAt(start + i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != suffix.charAt(i)) {
        return false;
      }
    }
    return true;
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
