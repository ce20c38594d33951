package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values at the edges of inference: a sign without digits, merging inferences of different
 * widths, dates whose separators disagree, and the notes that explain a column's type.
 */
class TypeInferenceEdgeTest {

  private static TypeInference of(String... values) {
    return column(new TypeInference(), 0, values);
  }

  private static TypeInference column(TypeInference inference, int column, String... values) {
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      inference.accept(column, b, 0, b.length);
    }
    return inference;
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"-", "+", "--1", "+-1", "1-", "-0x1", "- 1"})
  void aSignWithoutDigitsIsNoNumber(String value) {
    assertThat(of(value).decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(of("1", value, "2").decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(Parse.misfit(ValueParsers::parseLong, value)).isTrue();
    assertThat(Parse.misfit(ValueParsers::parseInt, value)).isTrue();
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource({"-1,-1", "+1,1", "-0,0", "+0,0", "0,0", "-999999999,-999999999",
      "+999999999,999999999", "1000000000,1000000000", "-2147483648,-2147483648"})
  void signedIntegersOfUpToTenDigitsAreIntegers(String value, int expected) {
    assertThat(of(value).decide(0, true)).isEqualTo(ColumnType.INTEGER);
    assertThat(of(value).decide(0, false)).isEqualTo(ColumnType.BIGINT);
    assertThat(Parse.of(ValueParsers::parseInt, value)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"-01", "+01", "00", "0123456789"})
  void aLeadingZeroAfterASignIsText(String value) {
    assertThat(of(value).decide(0, true)).isEqualTo(ColumnType.VARCHAR);
  }

  @Test
  void mergingAWiderInferenceIntoANarrowerOneKeepsItsColumns() {
    TypeInference narrow = of("1", "2");
    TypeInference wide = column(column(of("3"), 1, "2024-01-01"), 2, "x", "y");

    narrow.merge(wide);

    assertThat(narrow.decide(0, true)).isEqualTo(ColumnType.INTEGER);
    assertThat(narrow.nonEmptyCount(0)).isEqualTo(3);
    assertThat(narrow.decide(1, true)).isEqualTo(ColumnType.DATE);
    assertThat(narrow.nonEmptyCount(1)).isEqualTo(1);
    assertThat(narrow.decide(2, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(narrow.nonEmptyCount(2)).isEqualTo(2);
  }

  @Test
  void mergingIsTheInferenceOfBothSamplesInEitherOrder() {
    String[] first = {"1.5", "2024-01-01 10:00:00.1234", "1.12345678901"};
    String[] second = {"3", "2024-01-01 10:00", "123456789012345678901234567890.5"};
    TypeInference a = new TypeInference();
    TypeInference b = new TypeInference();
    for (int k = 0; k < first.length; k++) {
      column(a, k, first[k]);
      column(b, k, second[k]);
    }
    TypeInference ab = new TypeInference();
    ab.merge(a);
    ab.merge(b);
    TypeInference ba = new TypeInference();
    ba.merge(b);
    ba.merge(a);

    for (TypeInference m : new TypeInference[] {ab, ba}) {
      assertThat(m.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
      assertThat(m.format(0).scale()).isEqualTo(1);
      assertThat(m.decide(1, true)).isEqualTo(ColumnType.VARCHAR);
      assertThat(m.textReason(1)).contains("\"2024-01-01 10:00:00.1234\"");
      assertThat(m.decide(2, true)).isEqualTo(ColumnType.VARCHAR);
      assertThat(m.textReason(2)).startsWith("its numbers need 41 digits (30 before the decimal "
          + "point and 11 after it)");
    }
  }

  @Test
  void decimalCommaShapesMergeToo() {
    TypeInference a = column(new TypeInference(true), 0, "1,5");
    TypeInference b = column(new TypeInference(true), 0, "1.234,125");
    a.merge(b);

    assertThat(a.decide(0, true)).isEqualTo(ColumnType.DECIMAL);
    assertThat(a.format(0).decimalComma()).isTrue();
    assertThat(a.format(0).scale()).isEqualTo(3);
    assertThat(a.readingNote(0)).startsWith("DECIMAL with 3 decimals");
  }

  @Test
  void inferencesForDifferentDelimitersDoNotMerge() {
    assertThatThrownBy(() -> new TypeInference(true).merge(new TypeInference(false)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest(name = "[{0}] [{1}]")
  @CsvSource({"2024/01/31,2024.01.31", "31/01/2024,31.01.2024", "31/01/2024,31-01-2024",
      "01/31/2024,01-31-2024"})
  void eachSeparatorAloneMakesADate(String one, String other) {
    assertThat(of(one).decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(of(other).decide(0, true)).isEqualTo(ColumnType.DATE);
    assertThat(of(one, other).decide(0, true)).as("separators may differ from row to row")
        .isEqualTo(ColumnType.DATE);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"2024/01-31", "2024.01/31", "2024-01/31", "2024/01.31", "31/01.2024",
      "31.01/2024", "31-01/2024", "31/01-2024", "2024_01_31", "31_01_2024", "31 01 2024",
      "2024:01:31", "31:01:2024", "2024/1/31", "31/01/24", "31//2024", "/01/2024x"})
  void separatorsThatDisagreeOrAreNoneOfTheThreeMakeNoDate(String value) {
    for (DateOrder order : DateOrder.values()) {
      assertThat(Parse.misfit((b, s, e) -> ValueParsers.parseDate(b, s, e, order), value))
          .as("%s read as %s", value, order).isTrue();
    }
    assertThat(of(value).decide(0, true)).isEqualTo(ColumnType.VARCHAR);
  }

  @Test
  void theDateOrderOfAColumnIsItsFormat() {
    assertThat(of("31/01/2024", "1/2/2024").format(0).dateOrder()).isEqualTo(DateOrder.DMY);
    assertThat(of("01/31/2024", "2/1/2024").format(0).dateOrder()).isEqualTo(DateOrder.MDY);
    assertThat(of("2024/01/31").format(0).dateOrder()).isEqualTo(DateOrder.YMD);
    assertThat(of("2024-01-31").format(0)).isEqualTo(ValueFormat.STANDARD);
    assertThat(of("31/01/2024 10:00").decide(0, true)).isEqualTo(ColumnType.TIMESTAMP);
    assertThat(of("31/01/2024 10:00").format(0).dateOrder()).isEqualTo(DateOrder.DMY);
    assertThat(of("31/01/2024 10:00").format(0).zonesToUtc()).isFalse();
    assertThat(of("2024-01-31 10:00").format(0).zonesToUtc()).isFalse();
    assertThat(of("2024-01-31 10:00+01:00").format(0).zonesToUtc()).isTrue();
    assertThat(of("2024-01-31 10:00+01:00").readingNote(0)).contains("converted to UTC");
    assertThat(of("2024-01-31 10:00").readingNote(0)).isNull();
  }

  @Test
  void datesReadBothWaysAreTextWithAReason() {
    TypeInference both = of("05/06/2024", "01/02/2024");

    assertThat(both.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(both.ambiguity(0)).contains("dd/mm/yyyy and as mm/dd/yyyy");
    assertThat(both.textReason(0)).isEqualTo(both.ambiguity(0));
    assertThat(of("13/06/2024").ambiguity(0)).isNull();
    assertThat(of("x").ambiguity(0)).isNull();
    assertThat(of("x").textReason(0)).isNull();
    assertThat(of("1").textReason(0)).isNull();
    assertThat(of("1").textReason(3)).isNull();
  }

  @Test
  void readingNotesSayWhatTheTypeHides() {
    assertThat(of("1.5", "2").readingNote(0)).isEqualTo("DECIMAL with 1 decimal, the most a "
        + "sampled value has; a value with more non-zero decimals is a type error");
    assertThat(of("1.25").readingNote(0)).startsWith("DECIMAL with 2 decimals,");
    assertThat(of("1", "2").readingNote(0)).isNull();
    assertThat(of("1e3").readingNote(0)).startsWith("DOUBLE because");
  }

  @Test
  void subMillisecondTimesAreTextAndSaySo() {
    TypeInference t = of("10:00:00.1234");

    assertThat(t.decide(0, true)).isEqualTo(ColumnType.VARCHAR);
    assertThat(t.textReason(0)).isEqualTo("its times have digits finer than a millisecond "
        + "(\"10:00:00.1234\"), which TIME(3) and TIMESTAMP(3) would cut");
    assertThat(of("10:00:00.1230").decide(0, true)).isEqualTo(ColumnType.TIME);
    assertThat(of("10:00:00.1230").textReason(0)).isNull();
  }

  @Test
  void zonesAreFoundOnlyAfterTheMinutes() {
    byte[] b = "2024-01-31 10:00+01".getBytes(StandardCharsets.US_ASCII);
    assertThat(TypeInference.hasZone(b, 0, b.length)).isTrue();
    byte[] z = "2024-01-31 10:00Z".getBytes(StandardCharsets.US_ASCII);
    assertThat(TypeInference.hasZone(z, 0, z.length)).isTrue();
    byte[] none = "2024-01-31 10:00".getBytes(StandardCharsets.US_ASCII);
    assertThat(TypeInference.hasZone(none, 0, none.length)).isFalse();
    byte[] dashes = "2024-01-31 10:00:00".getBytes(StandardCharsets.US_ASCII);
    assertThat(TypeInference.hasZone(dashes, 0, dashes.length)).isFalse();
  }
}
