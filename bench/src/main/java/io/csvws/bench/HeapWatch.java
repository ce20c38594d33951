package io.csvws.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Watches this JVM's heap: the most it held (sampled, and read before every collection, where
 * the peaks are), the most still held after a collection (what the work really kept alive), and
 * the process's peak resident memory (native memory included, as DuckDB's).
 */
final class HeapWatch implements AutoCloseable {
  private final AtomicLong peakUsed = new AtomicLong();
  private final AtomicLong peakAfterGc = new AtomicLong(-1);
  private final Set<String> heapPools = new HashSet<>();
  private final Thread sampler;
  private final NotificationListener listener = this::onGc;
  private volatile boolean running = true;

  HeapWatch() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
      }
    }
    sampler = new Thread(() -> {
      while (running) {
        sample();
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "heap-watch");
    sampler.setDaemon(true);
    sampler.start();
  }

  private void sample() {
    long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    peakUsed.accumulateAndGet(used, Math::max);
  }

  private void onGc(Notification n, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    peakUsed.accumulateAndGet(heapSum(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
    peakAfterGc.accumulateAndGet(heapSum(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
  }

  private long heapSum(Map<String, MemoryUsage> usage) {
    long sum = 0;
    for (Map.Entry<String, MemoryUsage> e : usage.entrySet()) {
      if (heapPools.contains(e.getKey())) {
        sum += e.getValue().getUsed();
      }
    }
    return sum;
  }

  /** The most heap in use at once, in bytes. */
  long peakUsed() {
    sample();
    return peakUsed.get();
  }

  /** The most heap still in use after a collection, in bytes; -1 if no collection ran. */
  long peakAfterGc() {
    return peakAfterGc.get();
  }

  /** The process's peak resident set (VmHWM), in bytes; -1 where /proc is not there. */
  static long peakRss() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] parts = line.substring(6).trim().split("\\s+");
          return Long.parseLong(parts[0]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  @Override
  public void close() {
    running = false;
    sampler.interrupt();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        try {
          emitter.removeNotificationListener(listener);
        } catch (javax.management.ListenerNotFoundException e) {
          // not registered on this one
        }
      }
    }
  }
}
