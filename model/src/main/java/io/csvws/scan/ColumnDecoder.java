package io.csvws.scan;

import io.csvws.tokenizer.FieldText;
import io.csvws.types.ColumnType;
import io.csvws.types.NullTokens;
import io.csvws.types.ValueFormat;
import io.csvws.types.ValueParsers;
import java.nio.charset.Charset;

/**
 * Converts the content of one field into the value of its column.
 *
 * <p>An empty unquoted field is NULL in every type; {@code ""} (quoted, empty) is the empty string
 * in a text column and NULL elsewhere; in a typed column a null token (such as {@code NA}) is NULL.
 * Returns {@link ValueParsers#MISFIT} for a value that does not fit the column type, and leaves
 * the policy to the caller.
 */
final class ColumnDecoder {
  private final ColumnType type;
  private final ValueFormat format;
  private final Charset charset;
  private final NullTokens nullTokens;
  private final RepeatedText repeated;

  ColumnDecoder(ColumnType type, ValueFormat format, Charset charset) {
    this.type = type;
    this.format = format;
    this.charset = charset;
    this.nullTokens = NullTokens.of(format.nullTokens());
    this.repeated = type == ColumnType.VARCHAR ? new RepeatedText(charset) : null;
  }

  Object decode(FieldText f) {
    int n = f.length();
    if (type == ColumnType.VARCHAR) {
      if (n == 0) {
        return f.quoted() ? "" : null;
      }
      return n <= RepeatedText.MAX_BYTES ? repeated.decode(f) : f.decode(charset);
    }
    if (n == 0) {
      return null;
    }
    Object v = ValueParsers.parse(type, format, f.bytes(), f.from(), f.to());
    // Null tokens are looked for only once a value fails to parse, so they cost nothing on the
    // way of values that fit.
    if (v == ValueParsers.MISFIT && nullTokens.matches(f.bytes(), f.from(), f.to())) {
      return null;
    }
    return v;
  }

  ColumnType type() {
    return type;
  }

  ValueFormat format() {
    return format;
  }
}
