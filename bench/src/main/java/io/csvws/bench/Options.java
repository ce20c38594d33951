package io.csvws.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The command line of {@code bench/run}. */
final class Options {
  static final String USAGE = """
      usage: bench/run [options]

        --quick              quick mode: 1/20 of the rows (tall 100,000 rows, wide 50 rows x
                             20,000 columns), 2 s of warm-up, 3 iterations, 1 cold run,
                             cap 30 s
        --scale F            rows times F (after --quick, if given)
        --seed N             generator seed (default %d)
        --data DIR           where generated files live (default <root>/bench/data); a folder
                             per size, reused while its stamp matches
        --root DIR           the csvws checkout (default: the working directory)
        --engines LIST       comma-separated, default all: %s
        --queries LIST       comma-separated, default Q1,...,Q7
        --modes LIST         warm,cold (default both), or none to run only the scenarios
        --warmup N           warm-up runs per query in warm mode, at least (default 2)
        --warmup-seconds S   warm-up time per query in warm mode, at least (default 5)
        --iterations N       measured runs per query in warm mode (default 5)
        --cold-runs N        fresh JVMs per engine and query in cold mode (default 3)
        --cap SECONDS        longest a single run may take before it is stopped (default 60)
        --jvm-opts "OPTS"    options of the child JVMs (default "-Xmx4g")
        --scenarios LIST     extra scenarios: console (cold java -jar ... -e to first rows,
                             default), big (a %d GB file scanned with -Xmx256m; generated on
                             demand), many (10,000 small files against one:
                             query, metadata, console), first (one query per fresh
                             JVM beside DuckDB, with and without csvws's metadata
                             cache and class-data archive), entry (each entry
                             point's cold start beside DuckDB's: console, MCP
                             server, gateway, java -cp, on many's folders), start
                             (a count, a seek and a limit per fresh JVM beyond
                             an empty main's time, plain, with archives and
                             beside DuckDB), none
        --baseline DIR       with the first scenario: another csvws checkout whose
                             driver/target/csvws-driver.jar (and .jsa) runs beside this
                             one's in the same rounds (cache warm, without and with
                             its archive), as "before"
        --java PATH          with the start scenario: the java of its child JVMs
                             (default: the one running the bench)
        --big-gb N           size of the big scenario's file in GiB (default %d)
        --out FILE           the markdown report (default bench/target/bench-results/...)
        --generate-only      generate the data and stop
        --help               this text
      """;

  Workload workload = Workload.FULL;
  boolean quick;
  Path root = Path.of("").toAbsolutePath();
  Path data;
  List<Engine> engines = List.of(Engine.values());
  List<Query> queries = List.of(Query.values());
  boolean warm = true;
  boolean cold = true;
  int warmup = 2;
  double warmupSeconds = 5;
  int iterations = 5;
  int coldRuns = 3;
  double cap = 60;
  List<String> jvmOpts = List.of("-Xmx4g");
  Set<String> scenarios = Set.of("console");
  double bigGb = 2;
  /** Another checkout whose driver jar the first scenario runs beside this one's; or null. */
  Path baseline;
  /** The java of the start scenario's children; null for the bench's own. */
  Path startJava;
  Path out;
  boolean generateOnly;
  boolean help;

  static Options parse(String... args) {
    Options o = new Options();
    Double scale = null;
    Long seed = null;
    Integer warmup = null;
    Double warmupSeconds = null;
    Integer iterations = null;
    Integer coldRuns = null;
    Double cap = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--quick" -> o.quick = true;
        case "--generate-only" -> o.generateOnly = true;
        case "--help", "-h" -> o.help = true;
        default -> {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException("unknown option or missing value: " + a);
          }
          String v = args[++i];
          switch (a) {
            case "--scale" -> scale = positive(a, Double.parseDouble(v));
            case "--seed" -> seed = Long.parseLong(v);
            case "--data" -> o.data = Path.of(v).toAbsolutePath();
            case "--root" -> o.root = Path.of(v).toAbsolutePath();
            case "--engines" -> o.engines = list(v).stream().map(Engine::byId).toList();
            case "--queries" -> o.queries = list(v).stream()
                .map(s -> Query.valueOf(s.toUpperCase(Locale.ROOT))).toList();
            case "--modes" -> {
              List<String> modes = list(v);
              for (String m : modes) {
                if (!m.equals("warm") && !m.equals("cold") && !m.equals("none")) {
                  throw new IllegalArgumentException("--modes takes warm, cold or none, not " + m);
                }
              }
              o.warm = modes.contains("warm");
              o.cold = modes.contains("cold");
            }
            case "--warmup" -> warmup = (int) atLeast(a, Integer.parseInt(v), 0);
            case "--warmup-seconds" -> warmupSeconds = atLeast(a, Double.parseDouble(v), 0);
            case "--iterations" -> iterations = (int) atLeast(a, Integer.parseInt(v), 1);
            case "--cold-runs" -> coldRuns = (int) atLeast(a, Integer.parseInt(v), 1);
            case "--cap" -> cap = positive(a, Double.parseDouble(v));
            case "--jvm-opts" -> o.jvmOpts = List.of(v.trim().split("\\s+"));
            case "--scenarios" -> {
              Set<String> s = new java.util.LinkedHashSet<>(list(v));
              s.remove("none");
              for (String x : s) {
                if (!x.equals("console") && !x.equals("big") && !x.equals("many")
                    && !x.equals(FirstSecond.NAME) && !x.equals(EntryPoints.NAME)
                    && !x.equals(JvmStart.NAME)) {
                  throw new IllegalArgumentException("unknown scenario " + x
                      + "; known: console, big, many, first, entry, start, none");
                }
              }
              o.scenarios = s;
            }
            case "--big-gb" -> o.bigGb = positive(a, Double.parseDouble(v));
            case "--baseline" -> o.baseline = Path.of(v).toAbsolutePath();
            case "--java" -> o.startJava = Path.of(v).toAbsolutePath();
            case "--out" -> o.out = Path.of(v).toAbsolutePath();
            default -> throw new IllegalArgumentException("unknown option " + a);
          }
        }
      }
    }
    if (o.quick) {
      o.workload = Workload.QUICK;
      o.warmup = 2;
      o.warmupSeconds = 2;
      o.iterations = 3;
      o.coldRuns = 1;
      o.cap = 30;
    }
    if (scale != null) {
      o.workload = o.workload.scaled(scale);
    }
    if (seed != null) {
      o.workload = o.workload.withSeed(seed);
    }
    o.warmup = warmup != null ? warmup : o.warmup;
    o.warmupSeconds = warmupSeconds != null ? warmupSeconds : o.warmupSeconds;
    o.iterations = iterations != null ? iterations : o.iterations;
    o.coldRuns = coldRuns != null ? coldRuns : o.coldRuns;
    o.cap = cap != null ? cap : o.cap;
    if (o.data == null) {
      o.data = o.root.resolve("bench").resolve("data");
    }
    return o;
  }

  private static List<String> list(String v) {
    List<String> out = new ArrayList<>();
    for (String s : v.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("empty list: " + v);
    }
    return out;
  }

  private static double positive(String name, double v) {
    if (!(v > 0)) {
      throw new IllegalArgumentException(name + " must be positive, not " + v);
    }
    return v;
  }

  private static double atLeast(String name, double v, double min) {
    if (!(v >= min)) {
      throw new IllegalArgumentException(name + " must be at least " + ChildProcess.fmt(min)
          + ", not " + v);
    }
    return v;
  }

  private static long atLeast(String name, long v, long min) {
    if (v < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", not " + v);
    }
    return v;
  }

  static String usage() {
    return String.format(Locale.ROOT, USAGE, Workload.DEFAULT_SEED, Engine.ids(), 2, 2);
  }

  String modeName() {
    return workload.equals(Workload.FULL) ? "full" : workload.equals(Workload.QUICK) ? "quick"
        : "custom";
  }
}
