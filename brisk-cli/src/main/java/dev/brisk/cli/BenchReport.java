package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonNumber;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Writes {@code report.md} (a table per suite: score ± error, the ratio to Jackson and to the best
 * peer) and {@code report.html} (the same tables, and a bar chart per case as inline SVG, longer
 * bars faster, Brisk's in their own colour), linking the flame graphs when there are any.
 */
final class BenchReport {
  /** One library's score in one case. */
  record Row(String library, double score, double error, String unit, boolean higherIsBetter) {
    boolean brisk() {
      return library.toLowerCase(Locale.ROOT).contains("brisk") || library.equals("WRITER") || library.equals("CALLER");
    }

    /** Larger is faster, whatever the mode. */
    double speed() {
      return higherIsBetter ? score : 1.0 / score;
    }
  }

  private final Map<String, Map<String, List<Row>>> suites = new LinkedHashMap<>(); // suite -> case -> rows
  private final String command;
  private final Path out;
  private final boolean profile;

  /** One JMH result: the benchmark's full name, its parameters, mode, score and error. */
  record Measurement(String benchmark, Map<String, String> params, String mode, double score, double error, String unit) {
    boolean higherIsBetter() {
      return mode.equals("thrpt");
    }

    static Measurement of(RunResult r) {
      BenchmarkParams p = r.getParams();
      Map<String, String> params = new LinkedHashMap<>();
      for (String k : p.getParamsKeys()) {
        params.put(k, p.getParam(k));
      }
      Result<?> res = r.getPrimaryResult();
      return new Measurement(p.getBenchmark(), params, p.getMode().shortLabel(), res.getScore(), res.getScoreError(),
          res.getScoreUnit());
    }

    /** The results in a JMH JSON file ({@code -rf json}, or a report's {@code results.json}). */
    static List<Measurement> fromJmhJson(Path file) throws IOException {
      JsonValue doc = Json.parse(Files.readAllBytes(file));
      if (!(doc instanceof JsonArray)) {
        throw new IOException(file + " is not a JMH JSON result (expected an array of results)");
      }
      List<Measurement> all = new ArrayList<>();
      for (JsonValue v : (JsonArray) doc) {
        JsonObject o = (JsonObject) v;
        Map<String, String> params = new LinkedHashMap<>();
        if (o.get("params") instanceof JsonObject ps) {
          for (String k : ps.names()) {
            params.put(k, ps.getString(k));
          }
        }
        JsonObject m = o.getObject("primaryMetric");
        JsonValue err = m.get("scoreError");
        all.add(new Measurement(o.getString("benchmark"), params, o.getString("mode"), m.getNumber("score").doubleValue(),
            err instanceof JsonNumber n ? n.doubleValue() : Double.NaN, m.getString("scoreUnit")));
      }
      return all;
    }
  }

  /** A method named read&lt;Library&gt; or write&lt;Library&gt;: one class measuring two operations. */
  private static final Pattern OPERATION = Pattern.compile("(read|write)([A-Z]\\w*)");

  BenchReport(Collection<Measurement> results, String command, Map<String, String[]> suiteClasses, List<String> chosen,
      Path out, boolean profile) {
    this.command = command;
    this.out = out;
    this.profile = profile;
    for (String suite : chosen) {
      Map<String, List<Row>> cases = new TreeMap<>(BenchReport::naturalOrder);
      for (Measurement r : results) {
        String full = r.benchmark();
        String cls = full.substring(0, full.lastIndexOf('.'));
        cls = cls.substring(cls.lastIndexOf('.') + 1);
        if (!List.of(suiteClasses.get(suite)).contains(cls)) {
          continue;
        }
        String method = full.substring(full.lastIndexOf('.') + 1);
        String library = method;
        StringBuilder key = new StringBuilder(cls);
        Matcher op = OPERATION.matcher(method);
        if (op.matches()) {
          key.append(' ').append(op.group(1));
          library = Character.toLowerCase(op.group(2).charAt(0)) + op.group(2).substring(1);
        }
        for (Map.Entry<String, String> e : r.params().entrySet()) {
          if (e.getKey().equals("sink")) {
            library = e.getValue(); // the sink benchmark compares by parameter, not by method
          } else {
            key.append(' ').append(e.getKey()).append('=').append(e.getValue());
          }
        }
        if (r.params().containsKey("sink")) {
          key.append(' ').append(method);
        }
        cases.computeIfAbsent(key.toString(), x -> new ArrayList<>()).add(new Row(
            library, r.score(), r.error(), r.unit(), r.higherIsBetter()));
      }
      suites.put(suite, cases);
    }
  }

  /** Text order, except that runs of digits compare as numbers: messages=50 before messages=500. */
  static int naturalOrder(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (Character.isDigit(x) && Character.isDigit(y)) {
        int i2 = i;
        int j2 = j;
        while (i2 < a.length() && Character.isDigit(a.charAt(i2))) {
          i2++;
        }
        while (j2 < b.length() && Character.isDigit(b.charAt(j2))) {
          j2++;
        }
        int c = new java.math.BigInteger(a.substring(i, i2)).compareTo(new java.math.BigInteger(b.substring(j, j2)));
        if (c != 0) {
          return c;
        }
        i = i2;
        j = j2;
      } else {
        if (x != y) {
          return Character.compare(x, y);
        }
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static Row jackson(List<Row> rows) {
    for (Row r : rows) {
      if (r.library().toLowerCase(Locale.ROOT).equals("jackson")) {
        return r;
      }
    }
    for (Row r : rows) {
      if (r.library().toLowerCase(Locale.ROOT).contains("jackson") || r.library().equals("ABQ")) {
        return r;
      }
    }
    return null;
  }

  private static Row bestPeer(List<Row> rows) {
    Row best = null;
    for (Row r : rows) {
      if (!r.brisk() && (best == null || r.speed() > best.speed())) {
        best = r;
      }
    }
    return best;
  }

  private static String num(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : v >= 1 ? "%,.2f" : "%.4f", v).replace(',', ' ');
  }

  private static String ratio(Row r, Row ref) {
    return ref == null || ref == r ? "" : String.format(Locale.ROOT, "%.2f", r.speed() / ref.speed());
  }

  static String environment() {
    String cpu = "unknown CPU";
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      cpu = lines.filter(l -> l.startsWith("model name")).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
    } catch (IOException | RuntimeException e) {
      // not Linux: the JDK line below still says what ran
    }
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + ", " + cpu + ", "
        + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
  }

  void write() throws IOException {
    String env = environment();
    String when = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    List<Path> flames = flameGraphs();
    StringBuilder md = new StringBuilder();
    md.append("# brisk bench\n\n");
    md.append("- command: `").append(command).append("`\n- machine: ").append(env).append("\n- date: ").append(when).append('\n');
    md.append("- scores are JMH's, with the 99.9% error; ratios compare speed (for times, the inverse), so >1 means faster than the reference\n\n");
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>brisk bench</title><style>")
        .append("body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;margin:1em 0}")
        .append("td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}")
        .append("h2{margin-top:2em}svg text{font-size:12px;font-family:system-ui,sans-serif}</style></head><body>")
        .append("<h1>brisk bench</h1><p><code>").append(esc(command)).append("</code><br>").append(esc(env)).append("<br>")
        .append(esc(when)).append("</p><p>Longer bars are faster. Brisk in orange, the peers in blue.</p>");
    for (Map.Entry<String, Map<String, List<Row>>> suite : suites.entrySet()) {
      md.append("## ").append(suite.getKey()).append("\n\n");
      html.append("<h2>").append(esc(suite.getKey())).append("</h2>");
      for (Map.Entry<String, List<Row>> c : suite.getValue().entrySet()) {
        List<Row> rows = c.getValue();
        Row jackson = jackson(rows);
        Row best = bestPeer(rows);
        md.append("### ").append(c.getKey()).append("\n\n| library | score | ± error | unit | vs ")
            .append(jackson == null ? "Jackson" : jackson.library()).append(" | vs best peer").append(best == null ? "" : " (" + best.library() + ")")
            .append(" |\n|---|---:|---:|---|---:|---:|\n");
        for (Row r : rows) {
          md.append("| ").append(r.brisk() ? "**" + r.library() + "**" : r.library()).append(" | ").append(num(r.score())).append(" | ")
              .append(num(r.error())).append(" | ").append(r.unit()).append(" | ").append(ratio(r, jackson)).append(" | ")
              .append(r.brisk() ? ratio(r, best) : "").append(" |\n");
        }
        md.append('\n');
        html.append("<h3>").append(esc(c.getKey())).append("</h3>").append(svg(rows));
      }
    }
    if (!flames.isEmpty()) {
      md.append("## Flame graphs\n\n");
      html.append("<h2>Flame graphs</h2><ul>");
      for (Path f : flames) {
        String rel = out.relativize(f).toString();
        md.append("- [").append(rel).append("](").append(rel).append(")\n");
        html.append("<li><a href=\"").append(esc(rel)).append("\">").append(esc(rel)).append("</a></li>");
      }
      html.append("</ul>");
    } else if (profile) {
      md.append("(--profile was given but async-profiler wrote no flame graph)\n");
    }
    html.append("</body></html>\n");
    Files.writeString(out.resolve("report.md"), md, StandardCharsets.UTF_8);
    Files.writeString(out.resolve("report.html"), html, StandardCharsets.UTF_8);
  }

  /** Horizontal bars, one per library, scaled to the fastest; the score and error as labels. */
  static String svg(List<Row> rows) {
    double max = 0;
    for (Row r : rows) {
      max = Math.max(max, r.speed());
    }
    int labelW = 170;
    int barW = 520;
    int rowH = 22;
    int h = rows.size() * rowH + 10;
    StringBuilder s = new StringBuilder();
    s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(labelW + barW + 260).append("\" height=\"").append(h)
        .append("\" role=\"img\">");
    int y = 5;
    for (Row r : rows) {
      int w = max <= 0 ? 0 : (int) Math.max(1, Math.round(barW * r.speed() / max));
      String colour = r.brisk() ? "#e8710a" : "#3b78c4";
      s.append("<text x=\"").append(labelW - 6).append("\" y=\"").append(y + 15).append("\" text-anchor=\"end\">")
          .append(esc(r.library())).append("</text>");
      s.append("<rect x=\"").append(labelW).append("\" y=\"").append(y + 3).append("\" width=\"").append(w)
          .append("\" height=\"").append(rowH - 6).append("\" fill=\"").append(colour).append("\"/>");
      s.append("<text x=\"").append(labelW + w + 6).append("\" y=\"").append(y + 15).append("\">").append(num(r.score()))
          .append(" ± ").append(num(r.error())).append(' ').append(esc(r.unit())).append("</text>");
      y += rowH;
    }
    return s.append("</svg>").toString();
  }

  private List<Path> flameGraphs() throws IOException {
    Path dir = out.resolve("flamegraphs");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".html")).sorted().toList();
    }
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
