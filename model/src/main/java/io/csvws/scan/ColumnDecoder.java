package io.csvws.scan;

import io.csvws.tokenizer.FieldText;
import io.csvws.types.ColumnType;
import io.csvws.types.ValueParsers;
import java.nio.charset.Charset;

/**
 * Converts the content of one field into the value of its column.
 *
 * <p>An empty unquoted field is NULL in every type; {@code ""} (quoted, empty) is the empty string
 * in a text column and NULL elsewhere. Returns {@link ValueParsers#MISFIT} for a value that does
 * not fit the column type, and leaves the policy to the caller.
 */
final class ColumnDecoder {
  private final ColumnType type;
  private final Charset charset;

  ColumnDecoder(ColumnType type, Charset charset) {
    this.type = type;
    this.charset = charset;
  }

  Object decode(FieldText f) {
    int n = f.length();
    if (type == ColumnType.VARCHAR) {
      if (n == 0) {
        return f.quoted() ? "" : null;
      }
      return f.decode(charset);
    }
    if (n == 0) {
      return null;
    }
    return ValueParsers.parse(type, f.bytes(), f.from(), f.to());
  }

  ColumnType type() {
    return type;
  }
}
