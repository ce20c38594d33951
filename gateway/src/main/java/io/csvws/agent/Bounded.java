package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/** Fits a response with rows into its byte budget by showing fewer rows. */
final class Bounded {
  private Bounded() {
  }

  /**
   * Builds the response with as many of {@code rows} as fit in {@code budget} bytes of JSON.
   *
   * @param build builds the response showing the first n rows; it says itself what was cut
   * @throws CsvwsException VALIDATION_FAILED when even no rows do not fit
   */
  static Map<String, Object> fit(List<? extends List<Object>> rows,
      IntFunction<Map<String, Object>> build, int budget) {
    int n = rows.size();
    Map<String, Object> response = build.apply(n);
    int size = Json.size(response);
    while (size > budget && n > 0) {
      int excess = size - budget;
      while (n > 0 && excess > 0) {
        excess -= Json.size(rows.get(n - 1)) + 1;
        n--;
      }
      response = build.apply(n);
      size = Json.size(response);
    }
    if (size > budget) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "This response would take " + size
          + " bytes without any rows, over its budget of " + budget + " bytes. Ask for fewer "
          + "columns (max_columns) or shorter cells (max_cell_chars), or raise "
          + "max_response_bytes.");
    }
    return response;
  }
}
