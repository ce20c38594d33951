package io.csvws.schema;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/**
 * A {@link Lookup} over names read fresh from disk on every call, so files added, changed or
 * removed are seen by the next statement.
 *
 * @param <T> the looked-up entity (table or schema)
 */
final class NameLookup<T> implements Lookup<T> {
  /** Names to file-system names, listed now. */
  private final Supplier<Map<String, String>> names;
  /** Creates the entity for (name, file-system name); may return null. */
  private final BiFunction<String, String, T> create;

  NameLookup(Supplier<Map<String, String>> names, BiFunction<String, String, T> create) {
    this.names = names;
    this.create = create;
  }

  @Override
  public T get(String name) {
    String target = names.get().get(name);
    return target == null ? null : create.apply(name, target);
  }

  @Override
  public Named<T> getIgnoreCase(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (Map.Entry<String, String> e : names.get().entrySet()) {
      if (e.getKey().toLowerCase(Locale.ROOT).equals(lower)) {
        T t = create.apply(e.getKey(), e.getValue());
        return t == null ? null : new Named<>(e.getKey(), t);
      }
    }
    return null;
  }

  @Override
  public Set<String> getNames(LikePattern pattern) {
    Set<String> out = new TreeSet<>();
    names.get().keySet().stream().filter(pattern.matcher()::apply).forEach(out::add);
    return out;
  }
}
