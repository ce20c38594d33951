package io.csvws.bench;

/** Keeps values a measured loop computes alive, so the JIT cannot drop the work. */
final class Sink {
  private static volatile long value;

  private Sink() {
  }

  static void consume(long v) {
    value += v;
  }

  static long value() {
    return value;
  }
}
