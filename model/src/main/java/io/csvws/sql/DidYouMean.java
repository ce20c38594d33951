package io.csvws.sql;

import io.csvws.metadata.ColumnNaming;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorTable;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * Adds "did you mean" to the validator's errors for an unknown column (also in
 * {@code SELECT * EXCLUDE (...)}), table or function, from
 * the real catalog: the columns of the tables the statement reads, the tables and folders of the
 * default schema, and the functions of the validator's operator table ({@link Suggestions} picks
 * the nearest few). Stateless.
 */
final class DidYouMean {
  private static final Pattern COLUMN =
      Pattern.compile("Column '([^']+)' not found in (any table|table '[^']+')");
  private static final Pattern EXCLUDED =
      Pattern.compile("SELECT \\* EXCLUDE/EXCEPT list contains unknown column\\(s\\): ([^,\\s]+)");
  private static final Pattern TABLE = Pattern.compile("(Object|Table) '([^']+)' not found");
  private static final Pattern FUNCTION =
      Pattern.compile("No match found for function signature ([A-Za-z_][A-Za-z0-9_]*)\\(");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private DidYouMean() {
  }

  /** {@code error} with suggestions when it is about an unknown name; otherwise itself. */
  static CalciteContextException explain(CalciteContextException error, SqlNode node,
      SqlValidator validator, SqlNode statement) {
    Throwable cause = error.getCause();
    String message = cause == null ? null : cause.getMessage();
    if (message == null || message.contains("did you mean")) {
      return error;
    }
    List<String> names = List.of();
    Matcher m;
    SqlCall starCall = message.equals("Unknown identifier '*'") ? callOf(node, statement) : null;
    if (starCall != null && !exists(starCall.getOperator(), validator)) {
      // COUTN(*): the validator trips on the star before it looks the function up.
      String name = starCall.getOperator().getName();
      message = "No match found for function signature " + name + "(*)";
      names = Suggestions.nearest(name, functions(validator));
      SqlParserPos pos = starCall.getParserPosition();
      CalciteContextException better = new CalciteContextException(
          "From line " + pos.getLineNum() + ", column " + pos.getColumnNum() + " to line "
              + pos.getEndLineNum() + ", column " + pos.getEndColumnNum(),
          new SqlValidatorException(message + Suggestions.phrase(names), null),
          pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
      better.addSuppressed(error);
      return better;
    }
    if ((m = COLUMN.matcher(message)).matches()) {
      names = Suggestions.nearest(m.group(1), columns(statement, validator.getCatalogReader()));
    } else if ((m = EXCLUDED.matcher(message)).matches()) {
      names = Suggestions.nearest(m.group(1), columns(statement, validator.getCatalogReader()));
    } else if ((m = TABLE.matcher(message)).matches()) {
      names = Suggestions.nearest(m.group(2), tables(validator.getCatalogReader()));
    } else if ((m = FUNCTION.matcher(message)).lookingAt() && node instanceof SqlCall
        && !exists(((SqlCall) node).getOperator(), validator)) {
      names = Suggestions.nearest(m.group(1), functions(validator));
    }
    if (names.isEmpty()) {
      return error;
    }
    return withMessage(error, message + Suggestions.phrase(names));
  }

  /** {@code error} at the same place, saying {@code message} instead. */
  private static CalciteContextException withMessage(CalciteContextException error,
      String message) {
    Throwable cause = error.getCause();
    String context = error.getMessage().substring(0,
        error.getMessage().length() - cause.getMessage().length() - 2);
    CalciteContextException better = new CalciteContextException(context,
        new SqlValidatorException(message, null),
        error.getPosLine(), error.getPosColumn(), error.getEndPosLine(), error.getEndPosColumn());
    better.addSuppressed(error);
    return better;
  }

  /** The call in {@code statement} that has the star {@code operand} as an operand, or null. */
  private static SqlCall callOf(SqlNode operand, SqlNode statement) {
    if (statement == null) {
      return null;
    }
    SqlCall[] found = {null};
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        for (SqlNode o : call.getOperandList()) {
          // The validator may have copied the operand: the same place in the text will do.
          if (o != null && found[0] == null && (o == operand
              || (o instanceof SqlIdentifier && ((SqlIdentifier) o).isStar()
                  && o.getParserPosition().equals(operand.getParserPosition())))) {
            found[0] = call;
          }
        }
        return super.visit(call);
      }
    });
    return found[0];
  }

  /** The columns of every table the statement names in a FROM clause. */
  private static Set<String> columns(SqlNode statement, SqlValidatorCatalogReader reader) {
    Set<String> names = new LinkedHashSet<>();
    if (statement == null) {
      return names;
    }
    statement.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlSelect && ((SqlSelect) call).getFrom() != null) {
          addTables(((SqlSelect) call).getFrom());
        }
        return super.visit(call);
      }

      private void addTables(SqlNode from) {
        if (from instanceof SqlIdentifier) {
          SqlValidatorTable table = reader.getTable(((SqlIdentifier) from).names);
          if (table != null) {
            table.getRowType().getFieldNames().stream()
                .filter(n -> !n.equals(ColumnNaming.ROW_COLUMN)).forEach(names::add);
          }
        } else if (from instanceof SqlCall) {
          for (SqlNode operand : ((SqlCall) from).getOperandList()) {
            if (operand != null) {
              addTables(operand);
            }
          }
        }
      }
    });
    return names;
  }

  /** The tables and folders of the default schema. */
  private static List<String> tables(SqlValidatorCatalogReader reader) {
    List<String> names = new ArrayList<>();
    for (List<String> path : reader.getSchemaPaths()) {
      CalciteSchema schema = SqlValidatorUtil.getSchema(reader.getRootSchema(), path,
          reader.nameMatcher());
      if (schema != null && !path.isEmpty()) {
        names.addAll(schema.getTableNames());
        names.addAll(schema.getSubSchemaMap().keySet());
        break;
      }
    }
    return names;
  }

  private static boolean exists(SqlOperator function, SqlValidator validator) {
    List<SqlOperator> found = new ArrayList<>();
    validator.getOperatorTable().lookupOperatorOverloads(function.getNameAsId(),
        (SqlFunctionCategory) null, SqlSyntax.FUNCTION, found,
        validator.getCatalogReader().nameMatcher());
    return !found.isEmpty();
  }

  /** The names of the functions the validator knows, each once. */
  private static Set<String> functions(SqlValidator validator) {
    Set<String> names = new LinkedHashSet<>();
    for (SqlOperator op : validator.getOperatorTable().getOperatorList()) {
      if (WORD.matcher(op.getName()).matches()) {
        names.add(op.getName());
      }
    }
    return names;
  }
}
