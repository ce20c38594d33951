package io.csvws.sql;

import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * PostgreSQL's and DuckDB's names for the standard types, in casts: {@code CAST(x AS TEXT)},
 * {@code x::int8}. The parser reads such a name as a user-defined type; this turns it into the
 * standard type before validation. Only type positions are touched, so a column called
 * {@code text} stays a column.
 */
final class TypeAliases {

  /** Each alias, upper case, and the standard type it names. */
  static final Map<String, SqlTypeName> ALIASES = Map.of(
      "TEXT", SqlTypeName.VARCHAR,
      "STRING", SqlTypeName.VARCHAR,
      "INT2", SqlTypeName.SMALLINT,
      "INT4", SqlTypeName.INTEGER,
      "INT8", SqlTypeName.BIGINT,
      "FLOAT4", SqlTypeName.REAL,
      "FLOAT8", SqlTypeName.DOUBLE,
      "BOOL", SqlTypeName.BOOLEAN);

  private TypeAliases() {
  }

  /** Replaces, in place, every aliased type name in the tree under {@code node}. */
  static void rewrite(SqlNode node) {
    if (node != null) {
      node.accept(new Replacer());
    }
  }

  /** The standard type an alias names, or null if {@code spec} is no alias. */
  static SqlDataTypeSpec standard(SqlDataTypeSpec spec) {
    SqlTypeNameSpec name = spec.getTypeNameSpec();
    if (!(name instanceof SqlUserDefinedTypeNameSpec) || !name.getTypeName().isSimple()) {
      return null;
    }
    SqlTypeName type = ALIASES.get(name.getTypeName().getSimple().toUpperCase(Locale.ROOT));
    if (type == null) {
      return null;
    }
    return new SqlDataTypeSpec(new SqlBasicTypeNameSpec(type, name.getParserPos()),
        spec.getTimeZone(), spec.getParserPosition());
  }

  /** Walks calls and swaps their type operands. */
  private static final class Replacer extends SqlBasicVisitor<Void> {
    @Override
    public Void visit(SqlCall call) {
      for (int i = 0; i < call.operandCount(); i++) {
        SqlNode operand = call.operand(i);
        if (operand instanceof SqlDataTypeSpec) {
          SqlDataTypeSpec replacement = standard((SqlDataTypeSpec) operand);
          if (replacement != null) {
            call.setOperand(i, replacement);
          }
        }
      }
      return super.visit(call);
    }

    @Override
    public Void visit(SqlIdentifier id) {
      return null;
    }
  }
}
