package io.csvws.types;

import java.util.List;

/**
 * How the values of a typed column are written, beyond their type.
 *
 * @param dateOrder the order of day, month and year in DATE and TIMESTAMP values
 * @param decimalComma whether DECIMAL and DOUBLE values use a comma before the decimals (and may
 *     group thousands with dots), as in {@code 1.234,56}
 * @param nullTokens cell values that mean NULL in a typed column, besides the empty cell
 * @param scale the decimals of a DECIMAL column: its values have at most this many non-zero
 *     decimals, and read with exactly this many; 0 for other types
 */
public record ValueFormat(DateOrder dateOrder, boolean decimalComma, List<String> nullTokens,
    int scale) {
  /** ISO dates, a decimal point, no null tokens. */
  public static final ValueFormat STANDARD = new ValueFormat(DateOrder.ISO, false, List.of());

  public ValueFormat {
    nullTokens = List.copyOf(nullTokens);
    if (scale < 0 || scale > ColumnType.DECIMAL_PRECISION) {
      throw new IllegalArgumentException("scale " + scale);
    }
  }

  /** A format with scale 0 (any type but a DECIMAL with decimals). */
  public ValueFormat(DateOrder dateOrder, boolean decimalComma, List<String> nullTokens) {
    this(dateOrder, decimalComma, nullTokens, 0);
  }

  /** ISO dates and a decimal point, with {@code nullTokens}. */
  public static ValueFormat standard(List<String> nullTokens) {
    return new ValueFormat(DateOrder.ISO, false, nullTokens);
  }

  /** Whether values are written as {@link ValueParsers#parse(ColumnType, byte[], int, int)} reads them. */
  public boolean isStandardSyntax() {
    return dateOrder == DateOrder.ISO && !decimalComma;
  }

  public ValueFormat withNullTokens(List<String> tokens) {
    return new ValueFormat(dateOrder, decimalComma, tokens, scale);
  }

  /** A short description for metadata, empty for ISO dates and a decimal point. */
  public String describe() {
    if (decimalComma) {
      return "decimal comma";
    }
    return dateOrder == DateOrder.ISO ? "" : dateOrder.pattern();
  }
}
