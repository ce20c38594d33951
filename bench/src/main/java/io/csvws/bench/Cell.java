package io.csvws.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The measurements of one engine on one query in one mode. */
final class Cell {
  enum Status { OK, NA, ERROR, CAPPED, CRASHED }

  Status status = Status.OK;
  String message;
  /** Warm: the measured runs' times. Cold: each child's time from process start to result. */
  final List<Double> ms = new ArrayList<>();
  final List<Double> firstMs = new ArrayList<>();
  final List<Double> cores = new ArrayList<>();
  /** Time to connect (and, for DuckDB and H2, create the view), per child JVM. */
  final List<Double> connectMs = new ArrayList<>();
  /** Cold: CPU time of each child process, JVM start included. */
  final List<Double> processCpuMs = new ArrayList<>();
  long rows = -1;
  long value;
  long heapUsed = -1;
  long heapAfterGc = -1;
  long rss = -1;
  double capSeconds;

  static Cell na(String why) {
    Cell c = new Cell();
    c.status = Status.NA;
    c.message = why;
    return c;
  }

  boolean ok() {
    return status == Status.OK && !ms.isEmpty();
  }

  double median() {
    return median(ms);
  }

  double medianFirst() {
    return median(firstMs);
  }

  double medianCores() {
    return median(cores);
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> s = new ArrayList<>(values);
    Collections.sort(s);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  double min() {
    return ms.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  double max() {
    return ms.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  /** Takes a child's outcome in. */
  void add(ChildProcess.Outcome o, boolean cold) {
    switch (o.status) {
      case OK -> { }
      case ERROR -> status = Status.ERROR;
      case CAPPED -> status = Status.CAPPED;
      case CRASHED -> status = Status.CRASHED;
    }
    if (o.message != null) {
      message = o.message;
    }
    if (o.connectMs >= 0) {
      connectMs.add(o.connectMs);
    }
    if (o.processCpuMs >= 0 && !o.measured().isEmpty()) {
      processCpuMs.add(o.processCpuMs);
    }
    for (ChildProcess.Run r : o.measured()) {
      ms.add(cold ? o.wallMs : r.ms());
      firstMs.add(cold ? o.wallMs - r.ms() + r.firstMs() : r.firstMs());
      if (r.ms() > 0) {
        cores.add(r.cpuMs() / r.ms());
      }
      rows = r.rows();
      value = r.value();
    }
    heapUsed = Math.max(heapUsed, o.heapUsed);
    heapAfterGc = Math.max(heapAfterGc, o.heapAfterGc);
    rss = Math.max(rss, o.rss);
  }
}
