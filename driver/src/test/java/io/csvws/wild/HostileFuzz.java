package io.csvws.wild;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPOutputStream;

/**
 * The program {@link HostileFuzzTest} runs in a JVM of its own with a small heap: it generates
 * hostile files of every kind (random bytes, huge headers, duplicate names, bad encodings,
 * byte-order marks, gzip with garbage, long lines, deep metadata, quotes never closed, mixed
 * delimiters, ragged rows, control bytes), each from a seed, queries each through JDBC, and prints
 * one line per case. A case passes when every query answers or fails with an SQLException that has
 * a SQLState, within {@link #CASE_SECONDS}; anything else prints {@code FAIL} with the generator
 * and the seed, so the case can be replayed with {@code HostileFuzz <seed> 0 <dir> <generator>}.
 *
 * <p>Arguments: base seed, seconds to run for, a scratch folder, optionally one generator name.
 */
public final class HostileFuzz {
  /** The most a case (a few queries of one file) may take; a hang fails the run. */
  static final int CASE_SECONDS = 30;
  private static final String CONTEXT = "\"@context\":\"http://www.w3.org/ns/csvw\"";

  /** A generator writes one hostile table into a folder, as {@code t.<ext>}. */
  interface Generator {
    void write(Random r, Path folder) throws IOException;
  }

  private record Named(String name, Generator generator) {
  }

  static final List<Named> GENERATORS = List.of(
      new Named("randomBytes", (r, f) -> bytes(f, "t.csv", randomBytes(r, r.nextInt(1 << 16)))),
      new Named("hugeHeader", HostileFuzz::hugeHeader),
      new Named("duplicateNames", HostileFuzz::duplicateNames),
      new Named("badEncoding", HostileFuzz::badEncoding),
      new Named("byteOrderMarks", HostileFuzz::byteOrderMarks),
      new Named("gzipGarbage", HostileFuzz::gzipGarbage),
      new Named("longLine", HostileFuzz::longLine),
      new Named("deepMetadata", HostileFuzz::deepMetadata),
      new Named("unclosedQuote", HostileFuzz::unclosedQuote),
      new Named("mixedDelimiters", HostileFuzz::mixedDelimiters),
      new Named("raggedRows", HostileFuzz::raggedRows),
      new Named("controlBytes", HostileFuzz::controlBytes));

  private HostileFuzz() {
  }

  public static void main(String[] args) throws Exception {
    long seed = Long.parseLong(args[0]);
    long seconds = Long.parseLong(args[1]);
    Path scratch = Path.of(args[2]);
    String only = args.length > 3 ? args[3] : null;
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    ExecutorService runner = Executors.newSingleThreadExecutor(t -> {
      Thread th = new Thread(t, "fuzz-case");
      th.setDaemon(true);
      return th;
    });
    int cases = 0;
    int failures = 0;
    for (long i = 0; cases == 0 || System.nanoTime() < end; i++) {
      Named g = GENERATORS.get((int) (i % GENERATORS.size()));
      if (only != null && !g.name().equals(only)) {
        continue;
      }
      long caseSeed = seed + i;
      Path folder = Files.createDirectories(scratch.resolve("case" + i));
      Future<String> outcome = runner.submit(() -> runCase(g, caseSeed, folder));
      String result;
      long t0 = System.nanoTime();
      try {
        result = outcome.get(CASE_SECONDS, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        System.out.println("FAIL generator=" + g.name() + " seed=" + caseSeed + " hang: no outcome "
            + "in " + CASE_SECONDS + " s");
        System.out.flush();
        System.exit(3);
        return;
      } catch (java.util.concurrent.ExecutionException e) {
        result = "FAIL " + e.getCause();
      }
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      if (result.startsWith("FAIL")) {
        failures++;
      }
      System.out.println((result.startsWith("FAIL") ? "FAIL" : "ok") + " generator=" + g.name()
          + " seed=" + caseSeed + " ms=" + ms + " " + result.replace('\n', ' '));
      cases++;
      deleteTree(folder);
      if (only != null && seconds == 0) {
        break;
      }
    }
    // What the process keeps between queries once the cases are over: the driver's metadata
    // cache (bounded by 1/16 of the heap) and whatever else was retained. Calcite keeps row types
    // in a static cache of soft references, which a collection keeps until memory runs short;
    // HostileFuzzTest runs this JVM with -XX:SoftRefLRUPolicyMSPerMB=0 so that they do not count.
    System.gc();
    long retained = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
    System.out.println("cases=" + cases + " failures=" + failures + " maxHeap="
        + Runtime.getRuntime().maxMemory() + " retainedAfterGc=" + retained);
    System.out.flush();
    System.exit(failures == 0 ? 0 : 1);
  }

  /** Writes the case's file and queries it; "FAIL ..." or a summary of the outcomes. */
  static String runCase(Named g, long seed, Path folder) throws IOException {
    g.generator().write(new Random(seed), folder);
    StringBuilder summary = new StringBuilder();
    String[] queries = {"SELECT * FROM t", "SELECT COUNT(*) FROM t",
        "SELECT path, error, warnings FROM csvws.files", "SELECT * FROM csvws.columns"};
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + folder)) {
      for (String sql : queries) {
        try (Statement s = c.createStatement()) {
          s.setQueryTimeout(CASE_SECONDS / 3);
          s.setMaxRows(10_000);
          try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            long rows = 0;
            while (rs.next()) {
              for (int k = 1; k <= Math.min(n, 50); k++) {
                rs.getString(k);
              }
              rows++;
            }
            summary.append(rows).append(" rows; ");
          }
        } catch (SQLException e) {
          if (e.getSQLState() == null || e.getMessage() == null) {
            return "FAIL " + sql + ": SQLException without SQLState or message: " + e;
          }
          String m = e.getMessage();
          summary.append(e.getSQLState()).append(' ').append(m, 0, Math.min(70, m.length()))
              .append("; ");
        }
      }
    } catch (SQLException e) {
      if (e.getSQLState() == null) {
        return "FAIL connect: SQLException without SQLState: " + e;
      }
      summary.append("connect ").append(e.getSQLState());
    } catch (RuntimeException | Error e) {
      StringBuilder trace = new StringBuilder("FAIL ").append(e);
      for (StackTraceElement el : e.getStackTrace()) {
        if (trace.length() > 2000) {
          break;
        }
        trace.append(" at ").append(el);
      }
      return trace.toString();
    }
    return summary.toString();
  }

  private static void bytes(Path folder, String name, byte[] b) throws IOException {
    Files.write(folder.resolve(name), b);
  }

  private static byte[] randomBytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    // Sprinkle line ends, delimiters and quotes so the tokenizer sees records.
    for (int i = 0; i < n / 8; i++) {
      b[r.nextInt(n)] = (byte) ",\n\"\r;\t|'".charAt(r.nextInt(8));
    }
    return b;
  }

  private static String cell(Random r) {
    String[] pool = {"c", "C", "_row", "c_2", "", " ", "id", "1", "-1.5e308", "2024-02-30",
        "NULL", "\"q\"\"\"", "é", "日本", "9999999999999999999999", "true", "1,5"};
    return r.nextInt(4) == 0 ? Long.toString(r.nextLong(), 36) : pool[r.nextInt(pool.length)];
  }

  private static void hugeHeader(Random r, Path f) throws IOException {
    int n = new int[] {1_000, 30_000, 99_999, 100_001, 150_000}[r.nextInt(5)];
    StringBuilder b = new StringBuilder(n * 3);
    String name = r.nextBoolean() ? "c" : null;
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",").append(name != null ? name : cell(r));
    }
    b.append('\n');
    for (int row = 0; row < 2; row++) {
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ",").append(r.nextInt(10));
      }
      b.append('\n');
    }
    Files.writeString(f.resolve("t.csv"), b);
  }

  private static void duplicateNames(Random r, Path f) throws IOException {
    StringBuilder b = new StringBuilder();
    int n = 1 + r.nextInt(2_000);
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",").append(r.nextBoolean() ? "c_" + r.nextInt(5) : cell(r));
    }
    b.append('\n');
    for (int row = 0; row < 1 + r.nextInt(20); row++) {
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ",").append(cell(r).replace(",", ""));
      }
      b.append('\n');
    }
    Files.writeString(f.resolve("t.csv"), b);
  }

  private static void badEncoding(Random r, Path f) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes("id,name,note\n".getBytes(StandardCharsets.UTF_8));
    for (int row = 0; row < 1 + r.nextInt(500); row++) {
      b.writeBytes((row + ",").getBytes(StandardCharsets.UTF_8));
      byte[][] bad = {{(byte) 0xC3}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0,
          (byte) 0x80}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80}, {(byte) 0xE9},
          "é".getBytes(StandardCharsets.UTF_8), "é".getBytes(StandardCharsets.ISO_8859_1),
          {(byte) 0xFF, (byte) 0xFE}};
      b.writeBytes(bad[r.nextInt(bad.length)]);
      b.writeBytes(",x\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.write(f.resolve("t.csv"), b.toByteArray());
  }

  private static void byteOrderMarks(Random r, Path f) throws IOException {
    String[] charsets = {"UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"};
    Charset mark = Charset.forName(charsets[r.nextInt(charsets.length)]);
    Charset body = Charset.forName(charsets[r.nextInt(charsets.length)]);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes("\uFEFF".getBytes(mark));
    StringBuilder text = new StringBuilder("id,name\n");
    for (int row = 0; row < 1 + r.nextInt(300); row++) {
      text.append(row).append(',').append(cell(r).replace(",", "")).append('\n');
    }
    byte[] t = text.toString().getBytes(body);
    b.write(t, 0, r.nextInt(5) == 0 ? r.nextInt(t.length + 1) : t.length);
    Files.write(f.resolve("t.csv"), b.toByteArray());
  }

  private static void gzipGarbage(Random r, Path f) throws IOException {
    StringBuilder text = new StringBuilder("id,name\n");
    for (int row = 0; row < 1 + r.nextInt(2_000); row++) {
      text.append(row).append(",n").append(row).append('\n');
    }
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(b)) {
      out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    byte[] z = b.toByteArray();
    byte[] out = switch (r.nextInt(4)) {
      case 0 -> concat(z, randomBytes(r, 1 + r.nextInt(100)));
      case 1 -> java.util.Arrays.copyOf(z, r.nextInt(z.length));
      case 2 -> concat(z, z);
      default -> {
        byte[] c = z.clone();
        c[10 + r.nextInt(c.length - 10)] ^= (byte) (1 + r.nextInt(255));
        yield c;
      }
    };
    Files.write(f.resolve("t.csv.gz"), out);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static void longLine(Random r, Path f) throws IOException {
    int mb = 1 + r.nextInt(12);
    byte[] b = "a,".repeat(mb << 19).getBytes(StandardCharsets.US_ASCII);
    if (r.nextBoolean()) {
      b[b.length - 1] = '\n';
    }
    Files.write(f.resolve("t.csv"), b);
  }

  private static void deepMetadata(Random r, Path f) throws IOException {
    Files.writeString(f.resolve("t.csv"), "a,b\n1,2\n");
    int depth = new int[] {10, 999, 1_001, 10_000, 100_000}[r.nextInt(5)];
    String open = r.nextBoolean() ? "[" : "{\"k\":";
    String close = open.equals("[") ? "]" : "}";
    String json = switch (r.nextInt(5)) {
      case 0 -> "{" + CONTEXT + ",\"x\":" + open.repeat(depth) + "1" + close.repeat(depth) + "}";
      case 1 -> "{" + CONTEXT + ",\"tableSchema\":{\"columns\":[" + "{\"name\":\"a\"},".repeat(
          depth) + "{}]}}";
      case 2 -> "{" + CONTEXT + ",\"notes\":\"" + "x".repeat(r.nextInt(3 << 20)) + "\"}";
      case 3 -> new String(randomBytes(r, 1 + r.nextInt(4096)), StandardCharsets.ISO_8859_1);
      default -> "{" + CONTEXT + ",\"dialect\":" + open.repeat(depth % 2_000)
          + close.repeat(depth % 2_000) + "}";
    };
    Files.writeString(f.resolve("t.csv-metadata.json"), json);
  }

  private static void unclosedQuote(Random r, Path f) throws IOException {
    StringBuilder b = new StringBuilder("id,text\n");
    int rows = 1 + r.nextInt(5_000);
    int at = r.nextInt(rows);
    for (int row = 0; row < rows; row++) {
      b.append(row).append(',').append(row == at ? "\"never closed " : "plain").append('\n');
    }
    Files.writeString(f.resolve("t.csv"), b);
  }

  private static void mixedDelimiters(Random r, Path f) throws IOException {
    StringBuilder b = new StringBuilder();
    String delimiters = ",;\t|: ";
    for (int row = 0; row < 1 + r.nextInt(300); row++) {
      int n = 1 + r.nextInt(12);
      for (int i = 0; i < n; i++) {
        if (i > 0) {
          b.append(delimiters.charAt(r.nextInt(delimiters.length())));
        }
        String v = cell(r);
        b.append(r.nextInt(5) == 0 ? "'" + v + "'" : v);
      }
      b.append(r.nextInt(6) == 0 ? "\r" : r.nextInt(5) == 0 ? "\r\n" : "\n");
    }
    Files.writeString(f.resolve(new String[] {"t.csv", "t.tsv", "t.psv", "t.txt"}[r.nextInt(4)]),
        b);
  }

  private static void raggedRows(Random r, Path f) throws IOException {
    StringBuilder b = new StringBuilder("a,b,c\n");
    for (int row = 0; row < 1 + r.nextInt(3_000); row++) {
      int n = r.nextInt(r.nextInt(10) == 0 ? 5_000 : 8);
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : ",").append(r.nextInt(100));
      }
      b.append('\n');
    }
    Files.writeString(f.resolve("t.csv"), b);
  }

  private static void controlBytes(Random r, Path f) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes("id,v\n".getBytes(StandardCharsets.US_ASCII));
    for (int row = 0; row < 1 + r.nextInt(1_000); row++) {
      b.writeBytes((row + ",").getBytes(StandardCharsets.US_ASCII));
      for (int i = 0; i < r.nextInt(6); i++) {
        b.write(r.nextInt(32));
      }
      b.write(r.nextInt(3) == 0 ? '\r' : '\n');
    }
    Files.write(f.resolve("t.csv"), b.toByteArray());
  }

  private static void deleteTree(Path p) throws IOException {
    try (var walk = Files.walk(p)) {
      for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }
}
