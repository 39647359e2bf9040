package dev.brisk.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code brisk bench}: the brisk-bench JMH suites through JMH's Runner API, against the peers in
 * the same run, written up as {@code report.md} and {@code report.html} (a bar chart per suite,
 * inline SVG), with flame graphs from async-profiler on request.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Run the JMH benchmarks of brisk-bench against the peers (Jackson, Afterburner, Blackbird,"
          + " Gson, DSL-JSON, fastjson2, wast, avaje-jsonb, Parsson, org.json, Esper) and write"
          + " --out/report.md and report.html: scores with their errors, the ratio to Jackson and"
          + " to the best peer, the JDK, CPU and command.",
      "Suites: deser, ser (databind on the users documents), tree (parse and write each library's"
          + " tree), jsonp (JSON-P providers and the OpenSearch client's mappers), orgjson"
          + " (mixpanel-shaped batches), sink (the sink's hand-off).",
      "--quick: one fork, short iterations and the small inputs only; minutes rather than an hour,"
          + " and wide errors: for a first look, not for a claim."
    },
    footer = {"", "Exit codes: 0 ok, 1 a benchmark failed or the report could not be written, 2 usage."})
final class BenchCommand implements Callable<Integer> {
  /** Suite name: the benchmark classes it runs, and the parameters --quick keeps. */
  static final Map<String, String[]> SUITES = new LinkedHashMap<>();

  static {
    SUITES.put("deser", new String[] {"UsersReadBenchmark"});
    SUITES.put("ser", new String[] {"UsersWriteBenchmark"});
    SUITES.put("tree", new String[] {"TreeParseBenchmark", "TreeWriteBenchmark"});
    SUITES.put("jsonp", new String[] {"JsonpParseBenchmark", "JsonpTreeBenchmark", "JsonpSearchResponseBenchmark"});
    SUITES.put("orgjson", new String[] {"OrgJsonBatchBenchmark"});
    SUITES.put("sink", new String[] {"SinkPutBenchmark"});
  }

  @Option(names = "--quick", description = "One fork, half-second iterations, small inputs: all suites in about two minutes.")
  boolean quick;

  @Option(names = "--suite", split = ",", paramLabel = "NAME",
      description = "Suites to run (default: all): deser, ser, tree, jsonp, orgjson, sink.")
  List<String> suites;

  @Option(names = "--input", paramLabel = "FILE",
      description = "Your own JSON document or NDJSON file for the tree suites (tree, and JSON-P's tree"
          + " read/write); the databind suites keep the built-in users documents.")
  Path input;

  @Option(names = "--profile", description = "A flame graph per Brisk benchmark, from async-profiler.")
  boolean profile;

  @Option(names = "--out", defaultValue = "brisk-bench-report", paramLabel = "DIR",
      description = "Where the report goes (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--report-from", paramLabel = "FILE",
      description = "Run nothing: write the report from JMH results saved as JSON (a report's results.json,"
          + " or java -jar benchmarks.jar -rf json); --suite picks which suites it shows.")
  Path reportFrom;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> chosen = suites == null || suites.isEmpty() ? new ArrayList<>(SUITES.keySet()) : suites;
    for (String s : chosen) {
      if (!SUITES.containsKey(s)) {
        err.println("bench: no suite '" + s + "'; the suites are " + String.join(", ", SUITES.keySet()));
        return Main.USAGE;
      }
    }
    if (input != null && !Files.isRegularFile(input)) {
      err.println("bench: --input " + input + " is not a file");
      return Main.USAGE;
    }
    if (reportFrom != null && (quick || profile || input != null)) {
      err.println("bench: --report-from runs nothing, so --quick, --input and --profile do not apply to it");
      return Main.USAGE;
    }
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new Input.Fault(out, "write", e);
    }
    if (reportFrom != null) {
      List<BenchReport.Measurement> saved;
      try {
        saved = BenchReport.Measurement.fromJmhJson(reportFrom);
      } catch (IOException | RuntimeException e) {
        err.println("bench: cannot read JMH results from " + reportFrom + ": " + e.getMessage());
        return Main.BAD_INPUT;
      }
      String command = "brisk bench --report-from " + reportFrom + (suites != null ? " --suite " + String.join(",", suites) : "");
      new BenchReport(saved, command, SUITES, chosen, out, false).write();
      stdout.printf("wrote %s and %s from %d results in %s%n", out.resolve("report.md"), out.resolve("report.html"),
          saved.size(), reportFrom);
      return Main.OK;
    }
    ChainedOptionsBuilder o = new OptionsBuilder().shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON).result(out.resolve("results.json").toString());
    for (String s : chosen) {
      for (String cls : SUITES.get(s)) {
        o.include("dev\\.brisk\\.bench\\." + cls + "\\.");
      }
    }
    if (quick) {
      // Three measured iterations: the fewest for which JMH gives an error.
      o.forks(1).warmupIterations(1).warmupTime(TimeValue.milliseconds(500))
          .measurementIterations(3).measurementTime(TimeValue.milliseconds(300));
      o.param("size", "1k");
      o.param("messages", "100");
      o.param("event", "friend");
      o.param("sink", "WRITER", "ABQ");
    }
    if (input != null) {
      o.param("size", "input");
      o.jvmArgsAppend("-Dbrisk.bench.input=" + input.toAbsolutePath());
    }
    String profiler = null;
    if (profile) {
      profiler = asyncProfiler(err);
      if (profiler == null) {
        return Main.BAD_INPUT;
      }
      o.addProfiler("async", profiler);
    }
    stdout.printf("brisk bench: %s%s; JMH forks its own JVMs, results in %s/%n", String.join(",", chosen),
        quick ? " (--quick)" : "", out);
    stdout.flush();
    Collection<RunResult> results;
    try {
      results = new Runner(o.build()).run();
    } catch (org.openjdk.jmh.runner.RunnerException e) {
      err.println("bench: " + failure(e));
      return Main.BAD_INPUT;
    }
    String command = "brisk bench" + (quick ? " --quick" : "") + (suites != null ? " --suite " + String.join(",", suites) : "")
        + (input != null ? " --input " + input : "") + (profile ? " --profile" : "");
    List<BenchReport.Measurement> measured = new ArrayList<>();
    for (RunResult r : results) {
      measured.add(BenchReport.Measurement.of(r));
    }
    BenchReport report = new BenchReport(measured, command, SUITES, chosen, out, profile);
    report.write();
    stdout.printf("wrote %s and %s (JMH's own results: %s)%n", out.resolve("report.md"), out.resolve("report.html"),
        out.resolve("results.json"));
    stdout.flush();
    return Main.OK;
  }

  /**
   * A JMH failure with what caused it, one line per cause: JMH's own message says only "Benchmark
   * caught the exception", and the exceptions the benchmarks threw in their forks hang below it as
   * causes and suppressed exceptions. At most twenty, each once.
   */
  static String failure(Throwable e) {
    StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
    java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    java.util.ArrayDeque<Throwable> todo = new java.util.ArrayDeque<>();
    seen.add(e);
    todo.add(e);
    int listed = 0;
    while (!todo.isEmpty() && listed < 20) {
      Throwable t = todo.poll();
      List<Throwable> below = new ArrayList<>(List.of(t.getSuppressed()));
      if (t.getCause() != null) {
        below.add(0, t.getCause());
      }
      for (Throwable c : below) {
        if (seen.add(c) && listed < 20) {
          sb.append(System.lineSeparator()).append("  caused by ").append(c);
          listed++;
          todo.add(c);
        }
      }
    }
    return sb.toString();
  }

  /**
   * async-profiler's library for this machine, taken from the async-profiler jar on the class
   * path (tools.profiler:async-profiler from Maven Central), as JMH's profiler options; CPU
   * events where perf events are allowed, itimer otherwise.
   */
  private String asyncProfiler(PrintWriter err) throws IOException {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch");
    String dir;
    if (os.contains("linux")) {
      dir = arch.equals("amd64") || arch.equals("x86_64") ? "linux-x64" : arch.equals("aarch64") ? "linux-arm64" : null;
    } else if (os.contains("mac")) {
      dir = "macos";
    } else {
      dir = null;
    }
    InputStream lib = dir == null ? null : BenchCommand.class.getClassLoader().getResourceAsStream(dir + "/libasyncProfiler.so");
    if (lib == null) {
      err.println("bench --profile: async-profiler has no library for " + os + " " + arch
          + "; run without --profile (the scores do not need it)");
      return null;
    }
    Path so = out.resolve(".async-profiler").resolve("libasyncProfiler.so");
    Files.createDirectories(so.getParent());
    try (lib) {
      Files.copy(lib, so, StandardCopyOption.REPLACE_EXISTING);
    }
    String event = perfEventsAllowed() ? "cpu" : "itimer";
    return "libPath=" + so.toAbsolutePath() + ";event=" + event + ";output=flamegraph;dir=" + out.resolve("flamegraphs").toAbsolutePath();
  }

  private static boolean perfEventsAllowed() {
    try {
      int level = Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim());
      return level <= 1 && Files.exists(Path.of("/sys/bus/event_source/devices/cpu"));
    } catch (IOException | NumberFormatException e) {
      return false;
    }
  }
}
