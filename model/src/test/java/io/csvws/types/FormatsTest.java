package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeFactoryImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a column's type and format say beyond the values: SQL names and Calcite types, how a
 * format reads values (date order, decimal comma, scale, zones), and null tokens.
 */
class FormatsTest {
  private static final ValueFormat DMY = new ValueFormat(DateOrder.DMY, false, List.of());
  private static final ValueFormat COMMA = new ValueFormat(DateOrder.ISO, true, List.of());

  private static Object parse(ColumnType type, ValueFormat format, String text) {
    return Parse.of((b, s, e) -> ValueParsers.parse(type, format, b, s, e), text);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"BOOLEAN, BOOLEAN", "INTEGER, INTEGER", "BIGINT, BIGINT",
      "DECIMAL, 'DECIMAL(38, 2)'", "DOUBLE, DOUBLE", "DATE, DATE", "TIME, TIME(3)",
      "TIMESTAMP, TIMESTAMP(3)", "VARCHAR, VARCHAR"})
  void sqlNames(ColumnType type, String name) {
    assertThat(type.sqlName(2)).isEqualTo(name);
    assertThat(type.sqlType()).isEqualTo(SqlTypeName.valueOf(type.name()));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(ColumnType.class)
  void calciteTypesAreNullableWithTheirPrecision(ColumnType type) {
    // Calcite's default caps DECIMAL at 19 digits; the engine's type system allows 38.
    RelDataTypeFactory f = new SqlTypeFactoryImpl(new RelDataTypeSystemImpl() {
      @Override
      public int getMaxPrecision(SqlTypeName name) {
        return name == SqlTypeName.DECIMAL ? 38 : super.getMaxPrecision(name);
      }
    });

    RelDataType t = type.toRelType(f, 4);
    RelDataType plain = type.toRelType(f);

    assertThat(t.isNullable()).isTrue();
    assertThat(plain.isNullable()).isTrue();
    assertThat(t.getSqlTypeName()).isEqualTo(type.sqlType());
    switch (type) {
      case DECIMAL:
        assertThat(t.getPrecision()).isEqualTo(38);
        assertThat(t.getScale()).isEqualTo(4);
        assertThat(plain.getScale()).isZero();
        break;
      case TIME:
      case TIMESTAMP:
        assertThat(t.getPrecision()).isEqualTo(3);
        break;
      default:
        assertThat(t).isEqualTo(f.createTypeWithNullability(f.createSqlType(type.sqlType()),
            true));
    }
  }

  @Test
  void aFormatsScaleIsThatOfADecimal() {
    assertThatThrownBy(() -> new ValueFormat(DateOrder.ISO, false, List.of(), -1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ValueFormat(DateOrder.ISO, false, List.of(), 39))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new ValueFormat(DateOrder.ISO, false, List.of(), 38).scale()).isEqualTo(38);
    assertThat(new ValueFormat(DateOrder.ISO, false, List.of(), 0).zonesToUtc()).isTrue();
  }

  @Test
  void formatsDescribeThemselves() {
    assertThat(ValueFormat.STANDARD.describe()).isEmpty();
    assertThat(ValueFormat.STANDARD.isStandardSyntax()).isTrue();
    assertThat(DMY.describe()).isEqualTo("dd/mm/yyyy");
    assertThat(DMY.isStandardSyntax()).isFalse();
    assertThat(COMMA.describe()).isEqualTo("decimal comma");
    assertThat(COMMA.isStandardSyntax()).isFalse();
    assertThat(new ValueFormat(DateOrder.NAMED_DMY, true, List.of()).describe())
        .isEqualTo("decimal comma");
    ValueFormat withNulls = new ValueFormat(DateOrder.MDY, true, List.of(), 3, false)
        .withNullTokens(List.of("NA"));
    assertThat(withNulls).isEqualTo(new ValueFormat(DateOrder.MDY, true, List.of("NA"), 3, false));
    assertThat(ValueFormat.standard(List.of("-"))).isEqualTo(ValueFormat.STANDARD
        .withNullTokens(List.of("-")));
  }

  @Test
  void aDecimalIsReadWithTheFormatsScaleAndSeparator() {
    ValueFormat two = new ValueFormat(DateOrder.ISO, false, List.of(), 2);
    ValueFormat twoComma = new ValueFormat(DateOrder.ISO, true, List.of(), 2);

    assertThat(parse(ColumnType.DECIMAL, two, "12.5")).isEqualTo(new BigDecimal("12.50"));
    assertThat(parse(ColumnType.DECIMAL, two, "12.501")).isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.DECIMAL, twoComma, "1.234,5")).isEqualTo(new BigDecimal("1234.50"));
    assertThat(parse(ColumnType.DECIMAL, twoComma, "12.5")).isSameAs(ValueParsers.MISFIT);
  }

  @Test
  void aTimestampWithAZoneIsReadOnlyWhenTheFormatConvertsZones() {
    ValueFormat noZones = new ValueFormat(DateOrder.ISO, false, List.of(), 0, false);

    assertThat(parse(ColumnType.TIMESTAMP, noZones, "1970-01-01 00:00:01Z"))
        .isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.TIMESTAMP, noZones, "1970-01-01 00:00:01")).isEqualTo(1000L);
    assertThat(parse(ColumnType.TIMESTAMP, ValueFormat.STANDARD, "1970-01-01 01:00:01+01:00"))
        .isEqualTo(1000L);
    ValueFormat dmyNoZones = new ValueFormat(DateOrder.DMY, false, List.of(), 0, false);
    assertThat(parse(ColumnType.TIMESTAMP, dmyNoZones, "02/01/1970 00:00:01+01:00"))
        .isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.TIMESTAMP, dmyNoZones, "02/01/1970 00:00:01"))
        .isEqualTo(86_401_000L);
  }

  @Test
  void otherTypesAreReadInTheFormatsOrderAndSeparator() {
    assertThat(parse(ColumnType.DATE, DMY, "02/01/1970")).isEqualTo(1);
    assertThat(parse(ColumnType.DATE, DMY, "1970-01-02")).isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.TIMESTAMP, DMY, "02/01/1970 00:00:02")).isEqualTo(86_402_000L);
    assertThat(parse(ColumnType.DOUBLE, COMMA, "1.234,5")).isEqualTo(1234.5);
    assertThat(parse(ColumnType.DOUBLE, COMMA, "1234.5")).isSameAs(ValueParsers.MISFIT);
    assertThat(parse(ColumnType.DOUBLE, DMY, "1234.5")).isEqualTo(1234.5);
    assertThat(parse(ColumnType.INTEGER, DMY, "42")).isEqualTo(42);
    assertThat(parse(ColumnType.TIME, COMMA, "10:00")).isEqualTo(36_000_000);
    assertThat(parse(ColumnType.BOOLEAN, ValueFormat.STANDARD, "yes")).isEqualTo(true);
  }

  /**
   * Tokens whose first bytes lie in each quarter of the byte range (the filter keeps a bit per
   * first byte in four words), of lengths up to and beyond 63 (the length filter's last bit).
   */
  @Test
  void nullTokensMatchByteForByteWhateverTheirFirstByteAndLength() {
    String long70 = "L".repeat(70);
    String long63 = "M".repeat(63);
    NullTokens t = NullTokens.of(List.of("#N/A", "NA", "\u00e9t\u00e9", "-", "", long70, "~x"));

    for (String yes : List.of("#N/A", "NA", "\u00e9t\u00e9", "-", "", long70, "~x")) {
      assertThat(matches(t, yes)).as(yes).isTrue();
    }
    for (String no : List.of("#N/B", "N", "NB", "\u00e9t\u00e8", "+", "L".repeat(71),
        "L".repeat(69) + "K", long63, "~y", "\u00e8t\u00e9", "ma", "x", "\u007f")) {
      assertThat(matches(t, no)).as(no).isFalse();
    }
    NullTokens only63 = NullTokens.of(List.of(long63));
    assertThat(matches(only63, long63)).isTrue();
    assertThat(matches(only63, long70)).isFalse();
    assertThat(NullTokens.of(List.of())).isSameAs(NullTokens.NONE);
    assertThat(matches(NullTokens.NONE, "")).isFalse();
  }

  @Test
  void tokensSharingALengthOrAFirstByteAreEachChecked() {
    NullTokens t = NullTokens.of(List.of("NA", "nd", "NULL"));

    assertThat(matches(t, "nd")).isTrue();
    assertThat(matches(t, "NA")).isTrue();
    assertThat(matches(t, "Nd")).isFalse();
    assertThat(matches(t, "nA")).isFalse();
    assertThat(matches(t, "NULL")).isTrue();
    assertThat(matches(t, "NULX")).isFalse();
    assertThat(matches(t, "ND")).isFalse();
  }

  private static boolean matches(NullTokens t, String text) {
    return Parse.of((b, s, e) -> t.matches(b, s, e), text) == Boolean.TRUE;
  }
}
