package io.csvws.lru;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map that keeps its most recently used entries within a total weight, dropping the least
 * recently used first. Each entry weighs what its {@link Weigher} says when it is put.
 *
 * <p>csvws's own rather than Guava's cache because that one's first use sets up
 * {@code java.util.logging} (its class logs through it): tens of milliseconds of a fresh JVM's
 * first query, which csvws's caches are on the path of.
 *
 * <p>Thread-safe: one lock, held for one map operation, never while a value is computed.
 *
 * @param <K> the key
 * @param <V> the value
 */
public final class LruCache<K, V> {
  /** How much an entry counts against the cache's bound. */
  @FunctionalInterface
  public interface Weigher<K, V> {
    /** The weight of the entry of {@code key} and {@code value}: 0 or more. */
    long weigh(K key, V value);
  }

  private record Weighed<V>(V value, long weight) {
  }

  private final long maxWeight;
  private final long maxEntryWeight;
  private final Weigher<? super K, ? super V> weigher;
  /** In order of use, least recent first. */
  private final LinkedHashMap<K, Weighed<V>> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long weight;

  /**
   * @param maxWeight the most the entries may weigh together
   * @param weigher each entry's weight
   */
  public LruCache(long maxWeight, Weigher<? super K, ? super V> weigher) {
    this(maxWeight, maxWeight, weigher);
  }

  /**
   * @param maxWeight the most the entries may weigh together
   * @param maxEntryWeight the most one entry may weigh; a heavier one is not kept, as it would
   *     push out most of the others
   * @param weigher each entry's weight
   */
  public LruCache(long maxWeight, long maxEntryWeight, Weigher<? super K, ? super V> weigher) {
    if (maxWeight < 0 || maxEntryWeight < 0) {
      throw new IllegalArgumentException("maxWeight " + maxWeight + " or maxEntryWeight "
          + maxEntryWeight + " is negative");
    }
    this.maxWeight = maxWeight;
    this.maxEntryWeight = maxEntryWeight;
    this.weigher = weigher;
  }

  /** A cache of at most {@code maxEntries} entries. */
  public static <K, V> LruCache<K, V> ofSize(long maxEntries) {
    return new LruCache<>(maxEntries, new EachOne());
  }

  /** Weighs every entry 1; a class, not a lambda, whose linking a fresh JVM would pay. */
  private static final class EachOne implements Weigher<Object, Object> {
    @Override
    public long weigh(Object key, Object value) {
      return 1;
    }
  }

  /** The value of {@code key}, now the most recently used, or null if none is kept. */
  public synchronized V get(K key) {
    Weighed<V> w = entries.get(key);
    return w == null ? null : w.value();
  }

  /**
   * Keeps {@code value} for {@code key}, replacing any value it had, then drops the least
   * recently used entries (this one last) until the entries are within the bound. A value
   * heavier than one entry may weigh is not kept, and neither is the value it replaces.
   */
  public synchronized void put(K key, V value) {
    long w = weigher.weigh(key, value);
    if (w < 0) {
      throw new IllegalArgumentException("the weight of " + key + " is negative: " + w);
    }
    if (w > maxEntryWeight) {
      remove(key);
      return;
    }
    Weighed<V> old = entries.put(key, new Weighed<>(value, w));
    weight += w - (old == null ? 0 : old.weight());
    Iterator<Map.Entry<K, Weighed<V>>> eldest = entries.entrySet().iterator();
    while (weight > maxWeight && eldest.hasNext()) {
      weight -= eldest.next().getValue().weight();
      eldest.remove();
    }
  }

  /** Forgets {@code key}'s value, if one is kept. */
  public synchronized void remove(K key) {
    Weighed<V> old = entries.remove(key);
    if (old != null) {
      weight -= old.weight();
    }
  }

  /** How many entries are kept. */
  public synchronized int size() {
    return entries.size();
  }

  /** What the kept entries weigh together. */
  public synchronized long weight() {
    return weight;
  }
}
