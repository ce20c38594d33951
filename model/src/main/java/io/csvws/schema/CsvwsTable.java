package io.csvws.schema;

import io.csvws.error.CsvwsException;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.ColumnNaming;
import io.csvws.metadata.TableMetadata;
import io.csvws.planner.CsvwsLogicalScan;
import io.csvws.planner.ScanSource;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.scan.FileScan;
import io.csvws.scan.ScanPlan;
import io.csvws.types.ColumnType;
import io.csvws.workspace.TableFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.calcite.DataContext;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A table file as a Calcite table: its columns, then the hidden row number {@code _row}.
 *
 * <p>The file is inspected (or its metadata taken from the cache) the first time its row type is
 * asked for, and that metadata is kept for the life of this object, which is one statement's
 * planning: the scan checks at open time that the file still has the planned columns.
 */
public final class CsvwsTable extends AbstractTable implements TranslatableTable, ScanSource {
  private final Catalog catalog;
  private final TableFile file;
  private volatile TableMetadata metadata;
  private volatile RowType rowType;

  CsvwsTable(Catalog catalog, TableFile file) {
    this.catalog = catalog;
    this.file = file;
  }

  public TableFile file() {
    return file;
  }

  /** The metadata this table was planned with. */
  public TableMetadata metadata() {
    TableMetadata m = metadata;
    if (m == null) {
      m = catalog.metadata(file);
      metadata = m;
    }
    return m;
  }

  /** Why the file cannot be read at all, or null. */
  public CsvwsException failure() {
    return metadata().failure();
  }

  /** The ordinal of {@code _row}: after the file's columns. */
  @Override
  public int rowOrdinal() {
    return metadata().columns().size();
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    RowType known = rowType;
    if (known != null && known.factory == typeFactory) {
      return known.type;
    }
    RelDataType type = buildRowType(typeFactory);
    rowType = new RowType(typeFactory, type);
    return type;
  }

  /**
   * A row type and the factory that made it: a statement asks for it several times (each
   * catalog lookup), and on a 20,000-column file building it is a noticeable part of planning.
   */
  private record RowType(RelDataTypeFactory factory, RelDataType type) {
  }

  private RelDataType buildRowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder b = typeFactory.builder();
    List<ColumnInfo> columns = metadata().columns();
    // Columns share a handful of types: each is made (and interned by the factory) once, not
    // once per column, which on a 20,000-column file is most of a fresh JVM's time here.
    Map<Integer, RelDataType> types = new HashMap<>();
    for (int k = 0; k < columns.size(); k++) {
      if ((k & 4095) == 4095) {
        QueryDiagnostics.checkInterrupted("planning");
      }
      ColumnInfo c = columns.get(k);
      int scale = scale(c);
      RelDataType relType = scale < 0 || scale >= 4096 ? columnType(c, typeFactory)
          : types.computeIfAbsent(c.type().ordinal() * 4096 + scale,
              key -> columnType(c, typeFactory));
      b.add(c.name(), relType);
    }
    b.add(ColumnNaming.ROW_COLUMN, rowNumberType(typeFactory));
    return b.build();
  }

  /**
   * The type of column {@code ordinal} ({@code _row} at {@link #rowOrdinal()}) in this table's
   * row type, made without the rest of the row type.
   */
  public RelDataType columnType(int ordinal, RelDataTypeFactory typeFactory) {
    List<ColumnInfo> columns = metadata().columns();
    return ordinal == columns.size() ? rowNumberType(typeFactory)
        : columnType(columns.get(ordinal), typeFactory);
  }

  private static RelDataType columnType(ColumnInfo c, RelDataTypeFactory typeFactory) {
    return c.type().toRelType(typeFactory, scale(c));
  }

  private static int scale(ColumnInfo c) {
    return c.type() == ColumnType.DECIMAL ? c.format().scale() : 0;
  }

  private static RelDataType rowNumberType(RelDataTypeFactory typeFactory) {
    return typeFactory.createSqlType(SqlTypeName.BIGINT);
  }

  @Override
  public Statistic getStatistic() {
    return Statistics.of(metadata().estimatedRowCount(), List.of(ImmutableBitSet.of(rowOrdinal())));
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    int[] all = IntStream.rangeClosed(0, rowOrdinal()).toArray();
    return new CsvwsLogicalScan(context.getCluster(),
        context.getCluster().traitSetOf(Convention.NONE), relOptTable, this, all, null);
  }

  @Override
  public FileScan scan(int[] columns, int[] filterColumns, long firstRow, long lastRow) {
    return new FileScan(new ScanPlan(file, metadata(), columns, filterColumns, firstRow, lastRow),
        catalog.config(), catalog.cache(), catalog.workers());
  }

  /**
   * {@code COUNT(*)} of the whole table, as {@code io.csvws.planner.CountScan} answers it: the
   * row count known for the file's current version, else counted by a scan that decodes no
   * field.
   */
  public long countRows(DataContext root) {
    return scan(new int[0], new int[0], 1, Long.MAX_VALUE).count(root);
  }

  @Override
  public String toString() {
    return "CsvwsTable(" + file.relativePath() + ")";
  }
}
