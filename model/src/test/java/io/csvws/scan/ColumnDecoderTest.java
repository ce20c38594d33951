package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ColumnType;
import io.csvws.types.DateOrder;
import io.csvws.types.ValueFormat;
import io.csvws.types.ValueParsers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A field's content becomes its column's value: empty is NULL, quoted empty is the empty string
 * only in a text column, a null token is NULL only where the value does not parse.
 */
class ColumnDecoderTest {
  private static final ValueFormat NA = new ValueFormat(DateOrder.ISO, false, List.of("NA"));

  /** Decodes the second field of each line of {@code csv} with one decoder. */
  private static List<Object> decode(ColumnDecoder decoder, String csv) throws IOException {
    List<Object> out = new ArrayList<>();
    FieldText f = FieldText.of(CsvSyntax.of(',', '"'));
    try (CsvTokenizer t = new CsvTokenizer(
        new ByteArrayInputStream(csv.replaceAll("(?m)^", "r,").getBytes(StandardCharsets.UTF_8)), "t.csv",
        CsvSyntax.of(',', '"'), null, 1 << 20)) {
      while (t.next()) {
        f.load(t, 1);
        out.add(decoder.decode(f));
      }
    }
    return out;
  }

  @Test
  void textIsNullWhenEmptyTheEmptyStringWhenQuotedAndItsCharactersOtherwise() throws IOException {
    ColumnDecoder text = new ColumnDecoder(ColumnType.VARCHAR, NA, StandardCharsets.UTF_8);
    String exactly32 = "x".repeat(32);
    String long33 = "Zürich ".repeat(5);
    List<Object> values = decode(text, "a\n\n\"\"\nNA\n" + exactly32 + "\n" + long33 + "\n"
        + exactly32 + "\n" + long33 + "\nZ\n");
    assertThat(values).containsExactly("a", null, "", "NA", exactly32, long33, exactly32, long33,
        "Z");
    assertThat(values.get(6)).as("a short value repeated is the same string")
        .isSameAs(values.get(4));
    assertThat(values.get(7)).as("a long value is decoded anew").isNotSameAs(values.get(5));
    assertThat(text.type()).isEqualTo(ColumnType.VARCHAR);
  }

  @Test
  void typedValuesParseAndNullTokensAreNullOnlyWhereTheValueDoesNotParse() throws IOException {
    ColumnDecoder integers = new ColumnDecoder(ColumnType.INTEGER, NA, StandardCharsets.UTF_8);
    List<Object> values = decode(integers, "12\n\n\"\"\nNA\nx\n-3\n");
    assertThat(values).hasSize(6);
    assertThat(values.get(0)).isEqualTo(12);
    assertThat(values.get(1)).as("empty").isNull();
    assertThat(values.get(2)).as("quoted empty").isNull();
    assertThat(values.get(3)).as("null token").isNull();
    assertThat(values.get(4)).as("a misfit").isSameAs(ValueParsers.MISFIT);
    assertThat(values.get(5)).isEqualTo(-3);
    assertThat(integers.type()).isEqualTo(ColumnType.INTEGER);

    ValueFormat oneToken = new ValueFormat(DateOrder.ISO, false, List.of("1"));
    ColumnDecoder parsedFirst = new ColumnDecoder(ColumnType.INTEGER, oneToken,
        StandardCharsets.UTF_8);
    assertThat(decode(parsedFirst, "1\n")).as("a value that parses is not a null token")
        .containsExactly(1);
  }
}
