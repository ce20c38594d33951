package io.csvws.tokenizer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs a {@link CsvTokenizer} to the end of its input and keeps everything it reported. */
final class TokenizerRun {
  static final int DEFAULT_MAX_RECORD = 1 << 20;

  private TokenizerRun() {
  }

  /** One reported field, decoded as UTF-8 by {@link FieldText}. */
  record Field(String text, int flags) {
    boolean quoted() {
      return (flags & CsvTokenizer.QUOTED) != 0;
    }

    /** The value, shown in quotes when it was quoted, so tables can say "" apart from empty. */
    @Override
    public String toString() {
      return quoted() ? '"' + text + '"' : text;
    }
  }

  /** One record: what the tokenizer said about it and the fields it reported. */
  record Rec(long number, long offset, long endOffset, int fieldCount, List<Field> fields) {
    List<String> shown() {
      return fields.stream().map(Field::toString).toList();
    }
  }

  static List<Rec> read(byte[] bytes) {
    return read(new ByteArrayInputStream(bytes), (byte) ',', '"', null, DEFAULT_MAX_RECORD);
  }

  static List<Rec> read(InputStream in, byte delimiter, int quote, int[] wanted,
      int maxRecordBytes) {
    return read(in, delimiter, quote, wanted, maxRecordBytes, false);
  }

  /** As {@link #read(InputStream, byte, int, int[], int)}; {@code few} as the tokenizer takes it. */
  static List<Rec> read(InputStream in, byte delimiter, int quote, int[] wanted,
      int maxRecordBytes, boolean few) {
    List<Rec> out = new ArrayList<>();
    FieldText text = new FieldText(quote);
    try (CsvTokenizer t = new CsvTokenizer(in, "test.csv", CsvSyntax.of((char) delimiter, quote),
        wanted, maxRecordBytes, few)) {
      while (t.next()) {
        List<Field> fields = new ArrayList<>(t.reportedCount());
        for (int k = 0; k < t.reportedCount(); k++) {
          text.load(t, k);
          fields.add(new Field(text.decode(StandardCharsets.UTF_8), t.flags(k)));
        }
        out.add(new Rec(t.recordNumber(), t.recordOffset(), t.endOffset(), t.fieldCount(),
            fields));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  static List<List<String>> shown(List<Rec> records) {
    return records.stream().map(Rec::shown).toList();
  }

  /** Just the decoded values, without the quote marks of {@link Field#toString()}. */
  static List<List<String>> values(List<Rec> records) {
    return records.stream().map(r -> r.fields().stream().map(Field::text).toList()).toList();
  }

  static byte[] resource(String name) {
    try (InputStream in = TokenizerRun.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
