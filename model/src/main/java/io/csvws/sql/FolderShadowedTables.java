package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * Lets a table and a folder of the same name both be reached, as docs/names.md promises
 * ({@code a.csv} and {@code a/} are the table {@code a} and the schema {@code a}).
 *
 * <p>Calcite resolves each name of a FROM item by trying a sub-schema before a table, also for
 * the last name, so {@code FROM a} would find the folder and then report that no table {@code a}
 * exists. A FROM item always names a table, so before validation every such item whose last name
 * is both a table and a folder is renamed to the table's relative path ({@code "./a.csv"}, which
 * no folder can be named), keeping what it was called as its alias. Names of WITH items are left
 * alone, since they come before tables.
 *
 * <p>One instance per statement; not thread-safe.
 */
final class FolderShadowedTables {
  private final SqlValidatorCatalogReader catalogReader;
  /** Names of the statement's WITH items (lower case); null until the statement is seen. */
  private Set<String> withNames;

  FolderShadowedTables(SqlValidatorCatalogReader catalogReader) {
    this.catalogReader = catalogReader;
  }

  /** Renames the shadowed FROM items of {@code select}; {@code top} is the whole statement. */
  void rename(SqlSelect select, SqlNode top) {
    if (withNames == null) {
      withNames = withNames(top);
    }
    SqlNode from = select.getFrom();
    if (from != null) {
      select.setFrom(fromItem(from));
    }
  }

  private SqlNode fromItem(SqlNode item) {
    if (item instanceof SqlJoin) {
      SqlJoin join = (SqlJoin) item;
      join.setLeft(fromItem(join.getLeft()));
      join.setRight(fromItem(join.getRight()));
      return join;
    }
    if (item.getKind() == SqlKind.AS) {
      SqlCall as = (SqlCall) item;
      SqlNode operand = as.operand(0);
      if (operand instanceof SqlIdentifier) {
        SqlIdentifier path = pathOf((SqlIdentifier) operand);
        if (path != null) {
          as.setOperand(0, path);
        }
      }
      return as;
    }
    if (item instanceof SqlIdentifier) {
      SqlIdentifier id = (SqlIdentifier) item;
      SqlIdentifier path = pathOf(id);
      if (path != null) {
        SqlIdentifier alias = new SqlIdentifier(id.names.get(id.names.size() - 1),
            id.getComponentParserPosition(id.names.size() - 1));
        return SqlStdOperatorTable.AS.createCall(id.getParserPosition(), path, alias);
      }
    }
    return item;
  }

  /**
   * Whether {@code id}, the FROM item of a statement without WITH items, names a table that a
   * folder of the same name shadows (which {@link #rename} would rename).
   */
  boolean shadows(SqlIdentifier id) {
    if (withNames == null) {
      withNames = Set.of();
    }
    return pathOf(id) != null;
  }

  /** The table's path as an identifier when {@code id} names a table a folder shadows; else null. */
  private SqlIdentifier pathOf(SqlIdentifier id) {
    if (id.isStar() || id.names.isEmpty()) {
      return null;
    }
    List<String> names = id.names;
    String last = names.get(names.size() - 1);
    if (names.size() == 1 && withNames.contains(last.toLowerCase(Locale.ROOT))) {
      return null;
    }
    CalciteSchema root = catalogReader.getRootSchema();
    for (List<String> schemaPath : catalogReader.getSchemaPaths()) {
      List<String> prefix = new ArrayList<>(schemaPath);
      prefix.addAll(names.subList(0, names.size() - 1));
      CalciteSchema schema = SqlValidatorUtil.getSchema(root, prefix,
          catalogReader.nameMatcher());
      if (schema == null) {
        continue;
      }
      CalciteSchema.TableEntry entry = schema.getTable(last, false);
      if (entry == null) {
        continue;
      }
      if (!(entry.getTable() instanceof CsvwsTable)
          || schema.getSubSchema(last, false) == null) {
        return null;
      }
      CsvwsTable table = (CsvwsTable) entry.getTable();
      // Resolved from the default schema, the workspace root.
      return new SqlIdentifier("./" + table.file().relativePath(), id.getParserPosition());
    }
    return null;
  }

  private static Set<String> withNames(SqlNode top) {
    Set<String> names = new HashSet<>();
    top.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlWithItem) {
          names.add(((SqlWithItem) call).name.getSimple().toLowerCase(Locale.ROOT));
        }
        return super.visit(call);
      }
    });
    return names;
  }
}
