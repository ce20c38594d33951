package io.csvws.scan;

import java.lang.management.ManagementFactory;

/** Bytes allocated by a thread, where the JVM counts them (HotSpot does), else 0. */
final class Allocation {
  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private Allocation() {
  }

  private static com.sun.management.ThreadMXBean threads() {
    java.lang.management.ThreadMXBean t = ManagementFactory.getThreadMXBean();
    if (t instanceof com.sun.management.ThreadMXBean) {
      com.sun.management.ThreadMXBean hotspot = (com.sun.management.ThreadMXBean) t;
      if (hotspot.isThreadAllocatedMemorySupported()) {
        hotspot.setThreadAllocatedMemoryEnabled(true);
        return hotspot;
      }
    }
    return null;
  }

  static long of(Thread t) {
    if (THREADS == null) {
      return 0;
    }
    long bytes = THREADS.getThreadAllocatedBytes(t.getId());
    return Math.max(0, bytes);
  }
}
