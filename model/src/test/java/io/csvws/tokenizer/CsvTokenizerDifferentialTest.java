package io.csvws.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.tokenizer.TokenizerRun.Rec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;
import org.junit.jupiter.api.Test;

/**
 * Random RFC 4180 content written by commons-csv's printer must read back the same through our
 * tokenizer and {@link FieldText} as through commons-csv's parser, record for record and field for
 * field, and equal to what was written, whether it reads its eight-byte words through the view or
 * gathers them byte by byte. Fixed seeds, so a failure names a seed to replay.
 *
 * <p>Records are printed with {@link CSVFormat#printRecord}, the code {@code CSVPrinter} delegates
 * to; {@code CSVPrinter} itself cannot be named here because its class file refers to SpotBugs
 * annotations that are not on the classpath, which {@code -Xlint:all -Werror} rejects.
 */
class CsvTokenizerDifferentialTest {
  private static final int SEEDS = 1500;
  private static final char[] DELIMITERS = {',', ';', '\t', '|'};
  private static final String[] SEPARATORS = {"\n", "\r\n", "\r"};
  private static final String[] ATOMS = {"a", "B", "z", "1", " ", "\"", "\"\"", ",", ";", "\t",
      "|", "\n", "\r", "\r\n", "é", "ß", "€", "日本", "😀", "𝄞", "#", "'", "\\"};

  @Test
  void agreesWithCommonsCsvOnRandomContent() throws IOException {
    for (long seed = 0; seed < SEEDS; seed++) {
      Random r = new Random(seed);
      char delimiter = DELIMITERS[r.nextInt(DELIMITERS.length)];
      CSVFormat format = CSVFormat.RFC4180.builder()
          .setDelimiter(delimiter)
          .setRecordSeparator(SEPARATORS[r.nextInt(SEPARATORS.length)])
          .setQuoteMode(r.nextInt(4) == 0 ? QuoteMode.ALL : QuoteMode.MINIMAL)
          .get();
      List<List<String>> written = randomRecords(r);
      StringBuilder text = new StringBuilder();
      for (List<String> record : written) {
        format.printRecord(text, record.toArray());
      }

      List<List<String>> theirs = new ArrayList<>();
      try (CSVParser parser = CSVParser.parse(text.toString(),
          format.builder().setIgnoreEmptyLines(true).get())) {
        for (CSVRecord record : parser) {
          theirs.add(record.toList());
        }
      }
      byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
      List<Rec> ours = TokenizerRun.read(
          seed % 3 == 0 ? new TrickleInputStream(bytes, seed) : new ByteArrayInputStream(bytes),
          (byte) delimiter, '"', null, TokenizerRun.DEFAULT_MAX_RECORD);
      List<Rec> gathered = TokenizerRun.read(
          seed % 3 == 0 ? new TrickleInputStream(bytes, seed) : new ByteArrayInputStream(bytes),
          (byte) delimiter, '"', null, TokenizerRun.DEFAULT_MAX_RECORD, true);
      assertThat(gathered).as("seed %d: words gathered byte by byte, the same records", seed)
          .isEqualTo(ours);

      assertThat(TokenizerRun.values(ours)).as("seed %d, text %s", seed, text)
          .isEqualTo(theirs).isEqualTo(written);
      assertThat(ours.isEmpty() ? bytes.length : ours.get(ours.size() - 1).endOffset())
          .as("seed %d: the last record ends the input", seed).isEqualTo(bytes.length);
    }
  }

  private static List<List<String>> randomRecords(Random r) {
    int count = 1 + r.nextInt(30);
    List<List<String>> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int fields = 1 + r.nextInt(r.nextBoolean() ? 3 : 10);
      List<String> record = new ArrayList<>(fields);
      for (int f = 0; f < fields; f++) {
        record.add(randomValue(r));
      }
      records.add(record);
    }
    return records;
  }

  private static String randomValue(Random r) {
    if (r.nextInt(6) == 0) {
      return "";
    }
    StringBuilder s = new StringBuilder();
    int n = 1 + r.nextInt(r.nextInt(10) == 0 ? 200 : 8);
    for (int i = 0; i < n; i++) {
      if (r.nextInt(8) == 0) {
        s.appendCodePoint(randomCodePoint(r));
      } else {
        s.append(ATOMS[r.nextInt(ATOMS.length)]);
      }
    }
    return s.toString();
  }

  /** Any code point but a lone surrogate (which no UTF-8 file can hold). */
  private static int randomCodePoint(Random r) {
    while (true) {
      int cp = r.nextBoolean() ? 0x20 + r.nextInt(0x3000) : r.nextInt(Character.MAX_CODE_POINT + 1);
      if (!(cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE)) {
        return cp;
      }
    }
  }
}
