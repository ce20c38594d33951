package io.csvws.bench;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.CsvRecordHandler;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What no CSV engine can beat on one thread: reading the file's bytes, and parsing it with
 * FastCSV into records (one string per field), touching the fields a query needs.
 */
final class Floors {
  private Floors() {
  }

  /** A floor's answer: rows seen (bytes for the byte floor) and a number to compare. */
  record Answer(long rows, long value) {
  }

  static Answer run(Engine floor, Query q, Path folder) throws IOException {
    Path file = folder.resolve(q.table() + ".csv");
    return switch (floor) {
      case BYTES -> readBytes(file);
      case FASTCSV -> parse(file, q);
      default -> throw new IllegalArgumentException(floor + " is not a floor");
    };
  }

  /** Reads every byte through a FileChannel into a reused direct buffer. */
  static Answer readBytes(Path file) throws IOException {
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    long total = 0;
    long sink = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      int n;
      while ((n = ch.read(buf)) >= 0) {
        total += n;
        if (n > 0) {
          sink += buf.get(n - 1);
        }
        buf.clear();
      }
    }
    Sink.consume(sink);
    return new Answer(total, total);
  }

  /**
   * Parses with FastCSV on one thread. Q1 counts records; Q4 touches chr, pos and sample_00017;
   * Q7 touches every field. The value is computed like {@link Query#checkColumn()}'s.
   */
  static Answer parse(Path file, Query q) throws IOException {
    long rows = 0;
    long value = 0;
    long sink = 0;
    CsvRecordHandler handler = CsvRecordHandler.builder().maxFields(1 << 20).build();
    try (CsvReader<CsvRecord> reader = CsvReader.builder()
        .build(handler, file, StandardCharsets.UTF_8)) {
      boolean header = true;
      for (CsvRecord r : reader) {
        if (header) {
          header = false;
          continue;
        }
        rows++;
        switch (q) {
          case Q1 -> { }
          case Q4 -> {
            sink += r.getField(0).length() + r.getField(21).length();
            value += Long.parseLong(r.getField(1));
          }
          default -> {
            for (int i = 0, n = r.getFieldCount(); i < n; i++) {
              sink += r.getField(i).length();
            }
            value += Long.parseLong(r.getField(0));
          }
        }
      }
    }
    Sink.consume(sink);
    return new Answer(rows, q == Query.Q1 ? rows : value);
  }
}
