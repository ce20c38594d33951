package io.csvws.tokenizer;

import java.nio.charset.Charset;

/**
 * The content of one field: its bytes without the enclosing quotes and with doubled quotes undone.
 *
 * <p>Unquoted and simply quoted fields are views of the tokenizer's buffer; only fields with
 * escapes are copied, into a scratch array reused from field to field. The view is valid until
 * the next {@link #load} or tokenizer advance. Not thread-safe.
 */
public final class FieldText {
  private final byte quote;
  /** The escape byte inside quotes; equal to the quote when only doubled quotes escape. */
  private final byte escape;
  private byte[] scratch = new byte[64];
  private byte[] bytes;
  private int from;
  private int to;
  private boolean quoted;

  /** @param quote the quote byte of the dialect; ignored when fields are never quoted */
  public FieldText(int quote) {
    this(quote, -1);
  }

  /**
   * @param quote the quote byte of the dialect; ignored when fields are never quoted
   * @param escape the escape byte inside quotes, or -1 when only doubled quotes escape
   */
  public FieldText(int quote, int escape) {
    this.quote = (byte) quote;
    this.escape = escape < 0 ? (byte) quote : (byte) escape;
  }

  /** A view that unescapes as {@code syntax} says. */
  public static FieldText of(CsvSyntax syntax) {
    return new FieldText(syntax.quote(), syntax.escape());
  }

  /** Points this view at the k-th reported field of the tokenizer's current record. */
  public void load(CsvTokenizer t, int k) {
    byte[] b = t.buffer();
    int s = t.start(k);
    int e = t.end(k);
    int f = t.flags(k);
    quoted = (f & CsvTokenizer.QUOTED) != 0;
    if (f == 0) {
      bytes = b;
      from = s;
      to = e;
    } else if (f == CsvTokenizer.QUOTED) {
      bytes = b;
      from = s + 1;
      to = e - 1;
    } else {
      unescape(b, s, e);
    }
  }

  private void unescape(byte[] b, int s, int e) {
    if (scratch.length < e - s) {
      scratch = new byte[Math.max(e - s, scratch.length * 2)];
    }
    byte[] out = scratch;
    byte q = quote;
    byte esc = escape;
    int n = 0;
    int i = s + 1;
    while (i < e) {
      byte c = b[i];
      if (c == esc && esc != q && i + 1 < e) {
        out[n++] = b[i + 1];
        i += 2;
        continue;
      }
      if (c == q) {
        if (i + 1 < e && b[i + 1] == q) {
          out[n++] = q;
          i += 2;
          continue;
        }
        // The closing quote; bytes after it (before the delimiter) are kept as they are.
        i++;
        while (i < e) {
          out[n++] = b[i++];
        }
        break;
      }
      out[n++] = c;
      i++;
    }
    bytes = out;
    from = 0;
    to = n;
  }

  public byte[] bytes() {
    return bytes;
  }

  public int from() {
    return from;
  }

  public int to() {
    return to;
  }

  public int length() {
    return to - from;
  }

  /** Whether the field was enclosed in quotes; {@code ""} is an empty string, an empty field NULL. */
  public boolean quoted() {
    return quoted;
  }

  public String decode(Charset charset) {
    return new String(bytes, from, to - from, charset);
  }
}
