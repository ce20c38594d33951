package io.csvws.planner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.metadata.RelMetadataQueryBase;

/**
 * Calcite's metadata handlers, taken from classes compiled when csvws was built
 * ({@link MetadataHandlerGenerator}) instead of generated and compiled in every new JVM.
 *
 * <p>A handler class is used only when the handlers it dispatches to are, in order, of the very
 * classes it was generated for: it is then the class Calcite's {@link JaninoRelMetadataProvider}
 * would generate, compiled by the same compiler, and answers alike. Any other kind or chain of
 * providers is handed to Calcite's provider, as before.
 */
public final class PregeneratedMetadata implements MetadataHandlerProvider {
  /** The package of the compiled handler classes. */
  static final String PACKAGE = "io.csvws.planner.metadata";
  /** The index of the compiled classes: a line per kind, its name and its class's name. */
  static final String INDEX = PACKAGE.replace('.', '/') + "/handlers.txt";

  /** Compiled class names, by handler kind's name; loaded once. */
  private static final Map<String, String> CLASSES = readIndex();
  /**
   * The compiled handlers made over each Calcite provider, by kind (a kind without one is left
   * to Calcite's provider); a planner asks for a new metadata query after each rule it fires, so
   * this costs one lookup per query.
   */
  private static final Map<JaninoRelMetadataProvider, Map<Class<?>, MetadataHandler<?>>> MADE =
      new ConcurrentHashMap<>();

  private final JaninoRelMetadataProvider calcite;
  private final Map<Class<?>, MetadataHandler<?>> made;

  private PregeneratedMetadata(JaninoRelMetadataProvider calcite) {
    this.calcite = calcite;
    this.made = MADE.computeIfAbsent(calcite, PregeneratedMetadata::makeAll);
  }

  /**
   * A metadata query as {@link RelMetadataQuery#instance()} makes it (over the provider Calcite
   * set for this thread), with the compiled handlers where they apply; for
   * {@code RelOptCluster.setMetadataQuerySupplier}.
   */
  public static RelMetadataQuery query() {
    JaninoRelMetadataProvider calcite = RelMetadataQueryBase.THREAD_PROVIDERS.get();
    return calcite == null ? RelMetadataQuery.instance()
        : new RelMetadataQuery(new PregeneratedMetadata(calcite));
  }

  /** The compiled handlers where they apply over {@code calcite}, else {@code calcite}'s. */
  static PregeneratedMetadata over(JaninoRelMetadataProvider calcite) {
    return new PregeneratedMetadata(calcite);
  }

  @Override
  public <H extends MetadataHandler<?>> H handler(Class<H> kind) {
    MetadataHandler<?> made = made(kind);
    return made != null ? kind.cast(made) : calcite.handler(kind);
  }

  @Override
  public <H extends MetadataHandler<?>> H revise(Class<H> kind) {
    MetadataHandler<?> made = made(kind);
    return made != null ? kind.cast(made) : calcite.revise(kind);
  }

  private MetadataHandler<?> made(Class<? extends MetadataHandler<?>> kind) {
    return made.get(kind);
  }

  private static Map<Class<?>, MetadataHandler<?>> makeAll(JaninoRelMetadataProvider calcite) {
    Map<Class<?>, MetadataHandler<?>> all = new HashMap<>();
    for (Class<? extends MetadataHandler<?>> kind : handlerKinds()) {
      String name = CLASSES.get(kind.getName());
      if (name != null) {
        make(calcite, kind, name).ifPresent(h -> all.put(kind, h));
      }
    }
    return Map.copyOf(all);
  }

  /** The compiled handler over Calcite's handlers for {@code kind}, if it was made for them. */
  private static Optional<MetadataHandler<?>> make(JaninoRelMetadataProvider calcite,
      Class<? extends MetadataHandler<?>> kind, String className) {
    List<MetadataHandler<?>> handlers = distinct(calcite.handlers(kind));
    try {
      Class<?> compiled = Class.forName(className, true,
          PregeneratedMetadata.class.getClassLoader());
      Constructor<?>[] constructors = compiled.getConstructors();
      if (constructors.length != 1) {
        return Optional.empty();
      }
      Class<?>[] parameters = constructors[0].getParameterTypes();
      if (parameters.length != handlers.size()) {
        return Optional.empty();
      }
      for (int k = 0; k < parameters.length; k++) {
        if (parameters[k] != handlers.get(k).getClass()) {
          return Optional.empty();
        }
      }
      return Optional.of(kind.cast(constructors[0].newInstance(handlers.toArray())));
    } catch (ClassNotFoundException | InstantiationException | IllegalAccessException
        | InvocationTargetException | LinkageError e) {
      return Optional.empty();
    }
  }

  /** Each handler once, in first-seen order, as Calcite's provider passes them. */
  static List<MetadataHandler<?>> distinct(List<MetadataHandler<?>> handlers) {
    List<MetadataHandler<?>> out = new ArrayList<>();
    for (MetadataHandler<?> h : handlers) {
      if (!out.contains(h)) {
        out.add(h);
      }
    }
    return out;
  }

  /** Every kind of metadata handler Calcite defines, by name. */
  static List<Class<? extends MetadataHandler<?>>> handlerKinds() {
    List<Class<? extends MetadataHandler<?>>> kinds = new ArrayList<>();
    for (Class<?> metadata : BuiltInMetadata.class.getDeclaredClasses()) {
      for (Class<?> inner : metadata.getDeclaredClasses()) {
        if (inner.isInterface() && MetadataHandler.class.isAssignableFrom(inner)) {
          @SuppressWarnings("unchecked")
          Class<? extends MetadataHandler<?>> kind = (Class<? extends MetadataHandler<?>>) inner;
          kinds.add(kind);
        }
      }
    }
    kinds.sort(Comparator.comparing(Class::getName));
    return kinds;
  }

  private static Map<String, String> readIndex() {
    Map<String, String> classes = new HashMap<>();
    try (InputStream in = PregeneratedMetadata.class.getClassLoader().getResourceAsStream(INDEX)) {
      if (in == null) {
        return classes;
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        int space = line.indexOf(' ');
        if (space > 0) {
          classes.put(line.substring(0, space), line.substring(space + 1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return classes;
  }
}
