package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bytes of a stored entry. Beyond the checksum, which catches damage, every part is checked:
 * an entry written by other code with a valid checksum (another format, kind or key, trailing
 * bytes, lengths and counts out of bounds, a row index out of order, an unknown type name) is
 * refused, never decoded into metadata.
 */
class EntryCodecTest {
  private static final String KEY = "path=/x/a.csv\nreading=[]\nsidecar=\ncode=test\n";

  @TempDir
  Path dir;
  private TableMetadata metadata;
  private EntryCodec.Version version;

  @BeforeEach
  void inspectARealFile() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "\uFEFFid;price;day;note\r\n1;2,50;03/04/2024;NA\r\n"
        + "2;3,75;04/04/2024;x\r\n", StandardCharsets.UTF_8);
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "a");
    metadata = TableInspector.inspect(file,
        ConnectionConfig.parse(Map.of("nullTokens", "NA,-")));
    assertThat(metadata.failure()).isNull();
    version = new EntryCodec.Version(file.fingerprint(),
        ContentCheck.of(file.path(), file.fingerprint().size()));
  }

  private RowIndex index(long rowCount, long[] rows, long[] offsets) {
    return new RowIndex(version.fingerprint(), rowCount, rows, offsets);
  }

  /** The bytes with their last four (the checksum) computed again, as a foreign writer would. */
  private static byte[] resealed(byte[] entry) {
    byte[] b = entry.clone();
    CRC32C crc = new CRC32C();
    crc.update(b, 0, b.length - 4);
    ByteBuffer.wrap(b).putInt(b.length - 4, (int) crc.getValue());
    return b;
  }

  private static String refusal(byte[] bytes, EntryCodec.Kind kind, String key) {
    IOException e = org.assertj.core.api.Assertions.catchThrowableOfType(IOException.class,
        () -> EntryCodec.decode(bytes, kind, key));
    assertThat(e).as("refused").isNotNull();
    return e.getMessage();
  }

  private static byte[] replaced(byte[] entry, String from, String to) {
    byte[] f = from.getBytes(StandardCharsets.UTF_8);
    byte[] t = to.getBytes(StandardCharsets.UTF_8);
    assertThat(t).hasSameSizeAs(f);
    for (int i = 0; i + f.length <= entry.length; i++) {
      if (Arrays.equals(entry, i, i + f.length, f, 0, f.length)) {
        byte[] b = entry.clone();
        System.arraycopy(t, 0, b, i, t.length);
        return resealed(b);
      }
    }
    throw new AssertionError(from + " is not in the entry");
  }

  @Test
  void metadataComesBackAsItWent() throws IOException {
    byte[] bytes = EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, version, metadata);

    EntryCodec.Decoded d = EntryCodec.decode(bytes, EntryCodec.Kind.METADATA, KEY);

    assertThat(d.version()).isEqualTo(version);
    assertThat(d.payload()).isEqualTo(metadata);
    TableMetadata m = (TableMetadata) d.payload();
    assertThat(m.columns()).extracting(c -> c.name() + ":" + c.type() + ":" + c.format())
        .isEqualTo(metadata.columns().stream()
            .map(c -> c.name() + ":" + c.type() + ":" + c.format()).toList());
    assertThat(m.dialect().delimiter()).isEqualTo(';');
    assertThat(m.encoding().bomLength()).isEqualTo(3);
    assertThat(m.rowCount()).isEqualTo(2);
  }

  @Test
  void columnsThatDifferFromTheirNeighbourInOnePartComeBackAsTheyWent() throws IOException {
    // Neighbours that differ only in type, only in the reason for it, only in scale, and runs of
    // equal columns: a decoder that shares a neighbour's decoded parts must not keep a stale one.
    Files.writeString(dir.resolve("w.csv"), "a,b,c,d,e,f,g,h,i\n"
        + "1,2,2.50,2.5,x,2024-01-01,1,1,2.5\n"
        + "3,4,3.25,3.5,y,2024-01-02,x,2,3.5\n", StandardCharsets.UTF_8);
    TableFile file = Workspace.open(dir).table(List.of(), "w.csv", "w");
    TableMetadata wide = TableInspector.inspect(file, ConnectionConfig.parse(Map.of()));
    EntryCodec.Version v = new EntryCodec.Version(file.fingerprint(),
        ContentCheck.of(file.path(), file.fingerprint().size()));

    TableMetadata back = (TableMetadata) EntryCodec.decode(
        EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, v, wide), EntryCodec.Kind.METADATA, KEY)
        .payload();

    assertThat(back).isEqualTo(wide);
    assertThat(back.columns()).extracting(c -> c.type() + "/" + c.format().scale())
        .containsExactly("INTEGER/0", "INTEGER/0", "DECIMAL/2", "DECIMAL/1", "VARCHAR/0",
            "DATE/0", "VARCHAR/0", "INTEGER/0", "DECIMAL/1");
    assertThat(back.columns().get(0).decidedBy()).isEqualTo(wide.columns().get(0).decidedBy());
    assertThat(back.columns().get(6).decidedBy()).isEqualTo(wide.columns().get(6).decidedBy());
    assertThat(back.columns().get(1).format()).as("equal formats are shared")
        .isSameAs(back.columns().get(0).format());
  }

  @Test
  void aRowIndexComesBackAsItWent() throws IOException {
    RowIndex index = index(3000, new long[] {1, 1025, 2049}, new long[] {10, 9000, 18000});
    byte[] bytes = EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, version, index);

    EntryCodec.Decoded d = EntryCodec.decode(bytes, EntryCodec.Kind.ROW_INDEX, KEY);

    assertThat(d.version()).isEqualTo(version);
    assertThat(d.payload()).isEqualTo(index);
    RowIndex empty = index(0, new long[0], new long[0]);
    assertThat(EntryCodec.decode(EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, version,
        empty), EntryCodec.Kind.ROW_INDEX, KEY).payload()).isEqualTo(empty);
  }

  @Test
  void anEntryOfAnotherKindOrKeyIsRefused() {
    byte[] m = EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, version, metadata);
    byte[] r = EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, version,
        index(1, new long[] {1}, new long[] {0}));

    assertThat(refusal(m, EntryCodec.Kind.ROW_INDEX, KEY)).isEqualTo("another kind of entry");
    assertThat(refusal(r, EntryCodec.Kind.METADATA, KEY)).isEqualTo("another kind of entry");
    assertThat(refusal(m, EntryCodec.Kind.METADATA, KEY + "x")).isEqualTo("another key");
    assertThat(refusal(m, EntryCodec.Kind.METADATA, "")).isEqualTo("another key");
  }

  @Test
  void anotherMagicWordOrFormatIsRefused() {
    byte[] good = EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, version, metadata);
    byte[] magic = good.clone();
    magic[7] ^= 1;
    byte[] format = good.clone();
    ByteBuffer.wrap(format).putInt(8, EntryCodec.FORMAT + 1);

    assertThat(refusal(resealed(magic), EntryCodec.Kind.METADATA, KEY))
        .isEqualTo("not an entry of this format");
    assertThat(refusal(resealed(format), EntryCodec.Kind.METADATA, KEY))
        .isEqualTo("not an entry of this format");
  }

  @Test
  void aDamagedOrShortEntryIsRefused() {
    byte[] good = EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, version, metadata);
    byte[] flipped = good.clone();
    flipped[good.length / 2] ^= 4;
    byte[] badSum = good.clone();
    badSum[good.length - 1] ^= 1;

    assertThat(refusal(flipped, EntryCodec.Kind.METADATA, KEY)).isEqualTo("checksum mismatch");
    assertThat(refusal(badSum, EntryCodec.Kind.METADATA, KEY)).isEqualTo("checksum mismatch");
    assertThat(refusal(new byte[16], EntryCodec.Kind.METADATA, KEY)).isEqualTo("truncated");
    assertThat(refusal(new byte[0], EntryCodec.Kind.METADATA, KEY)).isEqualTo("truncated");
    // The shortest length that is checked further: 13 bytes and their checksum.
    assertThat(refusal(resealed(new byte[17]), EntryCodec.Kind.METADATA, KEY))
        .isEqualTo("not an entry of this format");
    // Cut short with a valid checksum: the count is more than the bytes left can hold.
    byte[] index = rowIndexWith(2, new long[] {1, 2}, new long[] {0, 5});
    byte[] cut = Arrays.copyOf(index, index.length - 5);
    assertThat(refusal(resealed(cut), EntryCodec.Kind.ROW_INDEX, KEY)).isEqualTo("bad count 2");
    // Cut inside the key: the reader runs out of bytes.
    byte[] shortKey = Arrays.copyOf(index, 20);
    assertThat(refusal(resealed(shortKey), EntryCodec.Kind.ROW_INDEX, KEY)).isEqualTo("truncated");
  }

  @Test
  void trailingBytesAreRefused() {
    byte[] good = EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, version,
        index(1, new long[] {1}, new long[] {0}));
    byte[] longer = new byte[good.length + 1];
    System.arraycopy(good, 0, longer, 0, good.length - 4);

    assertThat(refusal(resealed(longer), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("trailing bytes");
  }

  /** A name no enum of this build knows (written by another build, or damaged). */
  @Test
  void anUnknownNameIsRefused() {
    byte[] good = EntryCodec.encode(EntryCodec.Kind.METADATA, KEY, version, metadata);

    assertThat(refusal(replaced(good, "INTEGER", "INTEGRR"), EntryCodec.Kind.METADATA, KEY))
        .startsWith("undecodable: java.lang.IllegalArgumentException");
    assertThat(refusal(replaced(good, "UTF-8", "UTF-0"), EntryCodec.Kind.METADATA, KEY))
        .startsWith("undecodable: ");
  }

  /** A row index entry holding exactly these rows and offsets, with a valid checksum. */
  private byte[] rowIndexWith(long rowCount, long[] rows, long[] offsets) {
    // Written in order, then the payload rewritten as a foreign writer would.
    long[] goodRows = new long[rows.length];
    long[] goodOffsets = new long[rows.length];
    for (int k = 0; k < rows.length; k++) {
      goodRows[k] = k + 1;
      goodOffsets[k] = k;
    }
    byte[] b = EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, version,
        index(rows.length, goodRows, goodOffsets));
    int payload = b.length - 4 - 8 - 4 - 16 * rows.length;
    ByteBuffer buf = ByteBuffer.wrap(b);
    buf.putLong(payload, rowCount);
    for (int k = 0; k < rows.length; k++) {
      buf.putLong(payload + 12 + 16 * k, rows[k]);
      buf.putLong(payload + 20 + 16 * k, offsets[k]);
    }
    return resealed(b);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "row 0                     | 5 | 0 3     | 0 10",
      "row past the count        | 5 | 1 6     | 0 10",
      "negative offset           | 5 | 1 3     | -1 10",
      "the same row twice        | 5 | 1 1     | 0 10",
      "rows going back           | 5 | 3 2     | 0 10",
      "the same offset twice     | 5 | 1 3     | 10 10",
      "offsets going back        | 5 | 1 3     | 10 5",
  })
  void aRowIndexOutOfOrderIsRefused(String scenario, long rowCount, String rows,
      String offsets) {
    long[] r = Arrays.stream(rows.split(" ")).mapToLong(Long::parseLong).toArray();
    long[] o = Arrays.stream(offsets.split(" ")).mapToLong(Long::parseLong).toArray();

    assertThat(refusal(rowIndexWith(rowCount, r, o), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("row index out of order");
  }

  @Test
  void theEdgesOfARowIndexAreAccepted() throws IOException {
    // The last row may be indexed, and offset 0 is the first byte.
    byte[] b = rowIndexWith(5, new long[] {1, 5}, new long[] {0, 1});

    RowIndex r = (RowIndex) EntryCodec.decode(b, EntryCodec.Kind.ROW_INDEX, KEY).payload();

    assertThat(r.rowCount()).isEqualTo(5);
    assertThat(r.row(1)).isEqualTo(5);
    assertThat(r.offset(0)).isZero();
  }

  @Test
  void countsAndLengthsOutOfBoundsAreRefused() {
    byte[] good = rowIndexWith(2, new long[] {1, 2}, new long[] {0, 5});
    int countAt = good.length - 4 - 16 * 2 - 4;
    byte[] negativeCount = good.clone();
    ByteBuffer.wrap(negativeCount).putInt(countAt, -1);
    byte[] hugeCount = good.clone();
    ByteBuffer.wrap(hugeCount).putInt(countAt, (1 << 26) + 1);
    byte[] moreRowsThanBytes = good.clone();
    ByteBuffer.wrap(moreRowsThanBytes).putInt(countAt, 3);
    // Allowed by the bound, but two arrays of 512 MB for a 100-byte entry: refused before any.
    byte[] countFarBeyondTheBytes = good.clone();
    ByteBuffer.wrap(countFarBeyondTheBytes).putInt(countAt, 1 << 26);
    // The key's length is the int after magic, format and kind.
    byte[] negativeLength = good.clone();
    ByteBuffer.wrap(negativeLength).putInt(13, -1);
    byte[] longerThanTheEntry = good.clone();
    ByteBuffer.wrap(longerThanTheEntry).putInt(13, good.length);

    assertThat(refusal(resealed(negativeCount), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad count -1");
    assertThat(refusal(resealed(hugeCount), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad count " + ((1 << 26) + 1));
    assertThat(refusal(resealed(moreRowsThanBytes), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad count 3");
    assertThat(refusal(resealed(countFarBeyondTheBytes), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad count " + (1 << 26));
    assertThat(refusal(resealed(negativeLength), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad string length -1");
    assertThat(refusal(resealed(longerThanTheEntry), EntryCodec.Kind.ROW_INDEX, KEY))
        .isEqualTo("bad string length " + good.length);
  }

  /** The key's own length, exactly as long as what is left: read, then found to differ. */
  @Test
  void aStringAsLongAsTheRestIsRead() {
    byte[] good = rowIndexWith(2, new long[] {1, 2}, new long[] {0, 5});
    byte[] b = good.clone();
    int rest = good.length - 4 - 17;
    ByteBuffer.wrap(b).putInt(13, rest);

    assertThat(refusal(resealed(b), EntryCodec.Kind.ROW_INDEX, KEY)).isEqualTo("another key");
  }

  @Test
  void theFileVersionIsPartOfTheEntry() throws IOException {
    FileFingerprint fp = new FileFingerprint(Path.of("/elsewhere/b.csv"), 12, 34, "(dev=1,ino=2)");
    EntryCodec.Version v = new EntryCodec.Version(fp, new ContentCheck(Long.MIN_VALUE, 99));
    RowIndex index = new RowIndex(fp, 1, new long[] {1}, new long[] {0});

    EntryCodec.Decoded d = EntryCodec.decode(
        EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, v, index), EntryCodec.Kind.ROW_INDEX,
        KEY);

    assertThat(d.version()).isEqualTo(v);
    assertThat(((RowIndex) d.payload()).fingerprint()).isEqualTo(fp);
  }
  /** A file system without file keys stores an empty one: an empty string is read back. */
  @Test
  void anEmptyStringComesBack() throws IOException {
    FileFingerprint fp = new FileFingerprint(Path.of("/w/b.csv"), 12, 34, "");
    EntryCodec.Version v = new EntryCodec.Version(fp, new ContentCheck(Long.MIN_VALUE, 99));
    RowIndex index = new RowIndex(fp, 0, new long[0], new long[0]);

    assertThat(EntryCodec.decode(EntryCodec.encode(EntryCodec.Kind.ROW_INDEX, KEY, v, index),
        EntryCodec.Kind.ROW_INDEX, KEY).version()).isEqualTo(v);
  }
}
