package io.csvws.sql;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.DataContexts;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.Bindable;

/**
 * The signature of a statement prepared without the planner ({@link SimpleScan},
 * {@link SimpleAggregate}, {@link WholeTableCount}). Its rows read nothing of their data context
 * but the statement's cancel flag and time limit, so the engine runs them in a context of those
 * alone ({@link #context}) instead of the one Calcite's connection makes for every statement,
 * whose first making in a fresh JVM builds Calcite's table of time frames: tens of milliseconds
 * of a first query that reads a known row count in one.
 */
public final class DirectSignature<T> extends CalcitePrepare.CalciteSignature<T> {
  DirectSignature(String sql, RelDataType rowType, List<ColumnMetaData> columns,
      CalciteSchema rootSchema, long maxRowCount, Bindable<T> rows) {
    super(sql, List.of(), Map.of(), rowType, columns, Meta.CursorFactory.deduce(columns, null),
        rootSchema, List.of(), maxRowCount, rows, Meta.StatementType.SELECT);
  }

  /**
   * The data context the rows of a direct statement run in: the statement's
   * {@code cancelFlag}, and its time limit of {@code timeoutSeconds} (none when 0), as
   * Calcite's connection gives them.
   */
  public static DataContext context(AtomicBoolean cancelFlag, int timeoutSeconds) {
    Map<String, Object> values = new HashMap<>();
    values.put(DataContext.Variable.CANCEL_FLAG.camelName, cancelFlag);
    if (timeoutSeconds > 0 && timeoutSeconds < Integer.MAX_VALUE / 1000) {
      values.put(DataContext.Variable.TIMEOUT.camelName, timeoutSeconds * 1000L);
    }
    return DataContexts.of(values);
  }
}
