package io.csvws.types;

/**
 * How the values of a typed column are written, beyond their type.
 *
 * @param dateOrder the order of day, month and year in DATE and TIMESTAMP values
 * @param decimalComma whether DOUBLE values use a comma before the decimals (and may group
 *     thousands with dots), as in {@code 1.234,56}
 */
public record ValueFormat(DateOrder dateOrder, boolean decimalComma) {
  /** ISO dates, a decimal point. */
  public static final ValueFormat STANDARD = new ValueFormat(DateOrder.ISO, false);

  /** A short description for metadata, empty for {@link #STANDARD}. */
  public String describe() {
    if (decimalComma) {
      return "decimal comma";
    }
    return dateOrder == DateOrder.ISO ? "" : dateOrder.pattern();
  }
}
