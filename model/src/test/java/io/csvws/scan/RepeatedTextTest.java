package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Short text values read again are the same strings, and never the wrong ones. */
class RepeatedTextTest {
  /** Each line of {@code csv} is one field; decodes them in order with one {@link RepeatedText}. */
  private static List<String> decodeAll(RepeatedText repeated, List<String> lines)
      throws IOException {
    byte[] csv = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>();
    FieldText f = FieldText.of(CsvSyntax.of(',', '"'));
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(csv), "t.csv",
        CsvSyntax.of(',', '"'), null, 1 << 20)) {
      while (t.next()) {
        f.load(t, 0);
        out.add(repeated.decode(f));
      }
    }
    return out;
  }

  @Test
  void aColumnOfFewValuesGetsOneStringPerValue() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      lines.add(List.of("shipped", "pending", "\"say \"\"hi\"\"\"", "Zürich", "x").get(i % 5));
    }
    RepeatedText repeated = new RepeatedText(StandardCharsets.UTF_8);

    List<String> out = decodeAll(repeated, lines);

    for (int i = 0; i < out.size(); i++) {
      assertThat(out.get(i)).isEqualTo(List.of("shipped", "pending", "say \"hi\"", "Zürich", "x")
          .get(i % 5));
      if (i >= 5) {
        assertThat(out.get(i)).isSameAs(out.get(i - 5));
      }
    }
    assertThat(repeated.reusing()).isTrue();
  }

  @Test
  void valuesThatShareASlotAreNeverMistakenForEachOther() throws IOException {
    // Same length, first, middle and last byte: the same slot of the table.
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      lines.add(i % 3 == 0 ? "axxb" : i % 3 == 1 ? "ayxb" : "azxb");
    }

    List<String> out = decodeAll(new RepeatedText(StandardCharsets.UTF_8), lines);

    assertThat(out).isEqualTo(lines);
  }

  @Test
  void aColumnThatDoesNotRepeatIsDecodedPlainlyAndCorrectly() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      lines.add("user" + i + "@example.com");
    }
    RepeatedText repeated = new RepeatedText(StandardCharsets.UTF_8);

    List<String> out = decodeAll(repeated, lines);

    assertThat(out).isEqualTo(lines);
    assertThat(repeated.reusing()).isFalse();
  }

  @Test
  void aColumnWhoseValuesRepeatHalfTheTimeKeepsReusing() throws IOException {
    // Values that do not take "a"'s place in the table, as a fresh decoder shows.
    List<String> others = new ArrayList<>();
    for (int k = 0; others.size() < 127; k++) {
      RepeatedText probe = new RepeatedText(StandardCharsets.UTF_8);
      List<String> seen = decodeAll(probe, List.of("a", "u" + k, "a"));
      if (seen.get(0) == seen.get(2)) {
        others.add("u" + k);
      }
    }
    List<String> lines = new ArrayList<>(List.of("a", "a"));
    for (int k = 0; k < 254; k++) {
      lines.add(k % 2 == 1 ? others.get(k / 2) : "a");
    }
    RepeatedText repeated = new RepeatedText(StandardCharsets.UTF_8);

    List<String> out = decodeAll(repeated, lines);

    assertThat(out).isEqualTo(lines);
    String a = out.get(0);
    for (int i = 1; i < out.size(); i++) {
      if (lines.get(i).equals("a")) {
        assertThat(out.get(i)).as("found again at %d", i).isSameAs(a);
      }
    }
    // The 256th value is new: at that check 128 of 256 were found, which is half, enough.
    assertThat(repeated.reusing()).as("128 of 256 found: half is enough").isTrue();
  }
}
