package io.csvws.dialect;

import io.csvws.tokenizer.CsvSyntax;

/**
 * How a file separates records and fields.
 *
 * @param delimiter the field delimiter
 * @param quote the quote character, or -1 when quotes are ordinary characters
 * @param escape the escape character inside quotes, or -1 when only doubled quotes escape
 * @param comment the character that starts a comment line, or -1
 * @param trim whether spaces around fields are dropped
 * @param skipLines lines skipped before the first record (a preamble such as a report title)
 * @param trailingDelimiter whether every line ends with a delimiter, so the last field of each
 *     record is an empty one that is not a column
 * @param header whether the first record names the columns
 * @param lineEnding the line breaks seen in the sample
 * @param confidence 1.0 when given or unambiguous; lower when another delimiter read the sample
 *     almost as well
 * @param decidedBy how the delimiter was chosen, for metadata and warnings
 */
public record Dialect(char delimiter, int quote, int escape, int comment, boolean trim,
    int skipLines, boolean trailingDelimiter, boolean header, LineEnding lineEnding, double confidence, String decidedBy) {

  /** The dialect of a file that could not be read. */
  public static Dialect unread() {
    return new Dialect(',', '"', -1, -1, false, 0, false, false, LineEnding.NONE, 0,
        "not read");
  }

  public Dialect withHeader(boolean h) {
    return new Dialect(delimiter, quote, escape, comment, trim, skipLines, trailingDelimiter, h,
        lineEnding, confidence, decidedBy);
  }

  public Dialect withTrailingDelimiter(boolean t) {
    return new Dialect(delimiter, quote, escape, comment, trim, skipLines, t, header,
        lineEnding, confidence, decidedBy);
  }

  /** The fields a well-formed record has for {@code columns} columns. */
  public int fieldsFor(int columns) {
    return columns + (trailingDelimiter ? 1 : 0);
  }

  /** The bytes the tokenizer needs to split this file. */
  public CsvSyntax syntax() {
    return new CsvSyntax(delimiter, quote, escape, comment, trim);
  }
}
