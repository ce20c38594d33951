package io.csvws.tokenizer;

/**
 * The bytes that structure a delimited file, as the tokenizer reads them.
 *
 * @param delimiter the field delimiter (one byte)
 * @param quote the quote byte, or -1 when quotes are ordinary characters
 * @param escape the byte that makes the next byte data inside quotes (typically a backslash), or
 *     -1 when only a doubled quote escapes a quote
 * @param comment the byte that starts a comment line to skip, or -1 for none
 * @param trim whether spaces around fields, outside quotes, are dropped
 */
public record CsvSyntax(char delimiter, int quote, int escape, int comment, boolean trim) {

  public CsvSyntax {
    if (delimiter > 0x7f) {
      throw new IllegalArgumentException("the delimiter must be one ASCII character");
    }
  }

  /** RFC 4180 with the given delimiter and quote: doubled quotes, no comments, no trimming. */
  public static CsvSyntax of(char delimiter, int quote) {
    return new CsvSyntax(delimiter, quote, -1, -1, false);
  }
}
