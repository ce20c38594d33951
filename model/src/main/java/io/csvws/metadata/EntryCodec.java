package io.csvws.metadata;

import io.csvws.dialect.Dialect;
import io.csvws.dialect.Encoding;
import io.csvws.dialect.LineEnding;
import io.csvws.types.ColumnType;
import io.csvws.types.DateOrder;
import io.csvws.types.ValueFormat;
import io.csvws.workspace.FileFingerprint;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The bytes of a stored entry, and back. An entry is: a magic word and format version, its kind,
 * its whole key (the file name is only a hash of it), the file version it describes (fingerprint
 * and {@link ContentCheck}), the payload, and a CRC-32C of all of that. Reading checks each part
 * and fails with {@link IOException} on anything that does not match, so a damaged, truncated,
 * foreign or stale entry is never decoded into metadata. Stateless.
 */
final class EntryCodec {
  /** Bumped whenever the layout below changes. */
  static final int FORMAT = 1;
  private static final long MAGIC = 0x4353_5657_534D_4331L; // "CSVWSMC1"
  /** Longer strings or lists than these are damage, not data. */
  private static final int MAX_STRING_BYTES = 1 << 28;
  private static final int MAX_ITEMS = 1 << 26;

  /** What an entry holds. */
  enum Kind { METADATA, ROW_INDEX }

  /** The file version an entry describes. */
  record Version(FileFingerprint fingerprint, ContentCheck check) {
  }

  private EntryCodec() {
  }

  static byte[] encode(Kind kind, String key, Version version, Object payload) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeLong(MAGIC);
      out.writeInt(FORMAT);
      out.writeByte(kind.ordinal());
      string(out, key);
      string(out, version.fingerprint().path().toString());
      out.writeLong(version.fingerprint().size());
      out.writeLong(version.fingerprint().modifiedNanos());
      string(out, version.fingerprint().fileKey());
      out.writeLong(version.check().changedNanos());
      out.writeLong(version.check().edgesHash());
      if (kind == Kind.METADATA) {
        metadata(out, (TableMetadata) payload);
      } else {
        rowIndex(out, (RowIndex) payload);
      }
      out.flush();
      CRC32C crc = new CRC32C();
      crc.update(bytes.toByteArray());
      out.writeInt((int) crc.getValue());
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
  }

  /** A decoded entry: the version it describes and its payload. */
  record Decoded(Version version, Object payload) {
  }

  /**
   * Decodes {@code bytes} as an entry of {@code kind} for {@code key}.
   *
   * @throws IOException when the entry is damaged, truncated, of another format, kind or key
   */
  static Decoded decode(byte[] bytes, Kind kind, String key) throws IOException {
    if (bytes.length < 8 + 4 + 1 + 4) {
      throw new IOException("truncated");
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    int stored = ((bytes[bytes.length - 4] & 0xff) << 24) | ((bytes[bytes.length - 3] & 0xff) << 16)
        | ((bytes[bytes.length - 2] & 0xff) << 8) | (bytes[bytes.length - 1] & 0xff);
    if ((int) crc.getValue() != stored) {
      throw new IOException("checksum mismatch");
    }
    EntryReader in = new EntryReader(bytes, bytes.length - 4);
    try {
      if (in.readLong() != MAGIC || in.readInt() != FORMAT) {
        throw new IOException("not an entry of this format");
      }
      if (in.readUnsignedByte() != kind.ordinal()) {
        throw new IOException("another kind of entry");
      }
      if (!string(in).equals(key)) {
        throw new IOException("another key");
      }
      FileFingerprint fp = new FileFingerprint(Path.of(string(in)), in.readLong(), in.readLong(),
          string(in));
      ContentCheck check = new ContentCheck(in.readLong(), in.readLong());
      Version version = new Version(fp, check);
      Object payload = kind == Kind.METADATA ? metadata(in, fp) : rowIndex(in, fp);
      if (in.available() != 0) {
        throw new IOException("trailing bytes");
      }
      return new Decoded(version, payload);
    } catch (EOFException e) {
      throw new IOException("truncated", e);
    } catch (RuntimeException e) {
      // An enum constant, charset or value a record refuses: written by other code, or damaged.
      throw new IOException("undecodable: " + e, e);
    }
  }

  private static void metadata(DataOutputStream out, TableMetadata m) throws IOException {
    Encoding e = m.encoding();
    string(out, e.charset().name());
    out.writeInt(e.bomLength());
    out.writeDouble(e.confidence());
    string(out, e.decidedBy());
    Dialect d = m.dialect();
    out.writeChar(d.delimiter());
    out.writeInt(d.quote());
    out.writeInt(d.escape());
    out.writeInt(d.comment());
    out.writeBoolean(d.trim());
    out.writeInt(d.skipLines());
    out.writeBoolean(d.trailingDelimiter());
    out.writeBoolean(d.header());
    string(out, d.lineEnding().name());
    out.writeDouble(d.confidence());
    string(out, d.decidedBy());
    out.writeInt(m.columns().size());
    for (ColumnInfo c : m.columns()) {
      string(out, c.name());
      out.writeInt(c.field());
      string(out, c.type().name());
      string(out, c.decidedBy());
      ValueFormat f = c.format();
      string(out, f.dateOrder().name());
      out.writeBoolean(f.decimalComma());
      strings(out, f.nullTokens());
      out.writeInt(f.scale());
      out.writeBoolean(f.zonesToUtc());
    }
    out.writeLong(m.sampledRows());
    out.writeBoolean(m.sampleCoversFile());
    out.writeLong(m.rowCount());
    out.writeDouble(m.bytesPerRow());
    strings(out, m.warnings());
  }

  private static TableMetadata metadata(EntryReader in, FileFingerprint fp)
      throws IOException {
    Encoding encoding = new Encoding(Charset.forName(string(in)), in.readInt(), in.readDouble(),
        string(in));
    Dialect dialect = new Dialect(in.readChar(), in.readInt(), in.readInt(), in.readInt(),
        in.readBoolean(), in.readInt(), in.readBoolean(), in.readBoolean(),
        LineEnding.valueOf(string(in)), in.readDouble(), string(in));
    // A column is at least its four strings' lengths and two ints.
    int n = count(in, 24);
    List<ColumnInfo> columns = new ArrayList<>(Math.min(n, 1 << 16));
    // Columns mostly repeat their neighbours' type, reasons and format: those are decoded once
    // and shared (they are immutable), which a fresh JVM reading a wide file's entry notices.
    ColumnType type = null;
    String typeName = null;
    DateOrder dateOrder = null;
    String dateOrderName = null;
    ValueFormat format = null;
    for (int i = 0; i < n; i++) {
      String name = string(in);
      int field = in.readInt();
      String t = repeatedString(in, 0);
      if (!t.equals(typeName)) {
        type = ColumnType.valueOf(t);
        typeName = t;
      }
      String decidedBy = repeatedString(in, 1);
      String d = repeatedString(in, 2);
      if (!d.equals(dateOrderName)) {
        dateOrder = DateOrder.valueOf(d);
        dateOrderName = d;
      }
      boolean decimalComma = in.readBoolean();
      List<String> nullTokens = strings(in);
      int scale = in.readInt();
      boolean zonesToUtc = in.readBoolean();
      if (format == null || format.dateOrder() != dateOrder
          || format.decimalComma() != decimalComma || !format.nullTokens().equals(nullTokens)
          || format.scale() != scale || format.zonesToUtc() != zonesToUtc) {
        format = new ValueFormat(dateOrder, decimalComma, nullTokens, scale, zonesToUtc);
      }
      columns.add(new ColumnInfo(name, field, type, decidedBy, format));
    }
    return new TableMetadata(fp, encoding, dialect, columns, in.readLong(), in.readBoolean(),
        in.readLong(), in.readDouble(), strings(in), null);
  }

  private static void rowIndex(DataOutputStream out, RowIndex index) throws IOException {
    out.writeLong(index.rowCount());
    out.writeInt(index.size());
    for (int k = 0; k < index.size(); k++) {
      out.writeLong(index.row(k));
      out.writeLong(index.offset(k));
    }
  }

  private static RowIndex rowIndex(EntryReader in, FileFingerprint fp) throws IOException {
    long rowCount = in.readLong();
    int n = count(in, 16);
    long[] pairs = in.readLongs(2 * n);
    long[] rows = new long[n];
    long[] offsets = new long[n];
    for (int k = 0; k < n; k++) {
      rows[k] = pairs[2 * k];
      offsets[k] = pairs[2 * k + 1];
      if (rows[k] < 1 || rows[k] > rowCount || offsets[k] < 0
          || (k > 0 && (rows[k] <= rows[k - 1] || offsets[k] <= offsets[k - 1]))) {
        throw new IOException("row index out of order");
      }
    }
    return new RowIndex(fp, rowCount, rows, offsets);
  }

  private static void string(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String string(EntryReader in) throws IOException {
    return in.string(stringLength(in));
  }

  /** A string the reader may share with the last one read for {@code slot}. */
  private static String repeatedString(EntryReader in, int slot) throws IOException {
    return in.repeatedString(stringLength(in), slot);
  }

  private static int stringLength(EntryReader in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > MAX_STRING_BYTES || n > in.available()) {
      throw new IOException("bad string length " + n);
    }
    return n;
  }

  private static void strings(DataOutputStream out, List<String> list) throws IOException {
    out.writeInt(list.size());
    for (String s : list) {
      string(out, s);
    }
  }

  private static List<String> strings(EntryReader in) throws IOException {
    int n = count(in, 4);
    if (n == 0) {
      return List.of();
    }
    List<String> list = new ArrayList<>(Math.min(n, 1024));
    for (int i = 0; i < n; i++) {
      list.add(string(in));
    }
    return list;
  }

  /**
   * A count of items of at least {@code bytesEach} bytes: refused when the entry's remaining bytes
   * cannot hold that many, so a crafted entry with a valid checksum cannot make the reader
   * allocate arrays far beyond its own size.
   */
  private static int count(EntryReader in, int bytesEach) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > MAX_ITEMS || (long) n * bytesEach > in.available()) {
      throw new IOException("bad count " + n);
    }
    return n;
  }
}
