package io.csvws.dialect;

/**
 * How a file separates records and fields.
 *
 * @param delimiter the field delimiter
 * @param quote the quote character, or -1 when quotes are ordinary characters
 * @param header whether the first record names the columns
 * @param lineEnding the line breaks seen in the sample
 * @param confidence 1.0 when given or unambiguous; lower when another delimiter read the sample
 *     almost as well
 * @param decidedBy how the delimiter was chosen, for metadata and warnings
 */
public record Dialect(char delimiter, int quote, boolean header, LineEnding lineEnding,
    double confidence, String decidedBy) {

  public Dialect withHeader(boolean h) {
    return new Dialect(delimiter, quote, h, lineEnding, confidence, decidedBy);
  }
}
