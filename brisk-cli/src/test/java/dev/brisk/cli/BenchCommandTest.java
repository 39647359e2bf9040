package dev.brisk.cli;

import static dev.brisk.cli.CliTest.brisk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brisk bench --quick} on the smallest suite, its report, and the report in a real browser. */
class BenchCommandTest {
  @TempDir Path dir;

  static String chromium() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
        if (Files.isExecutable(Path.of(p, name))) {
          return Path.of(p, name).toString();
        }
      }
    }
    return null;
  }

  @Test
  void quickSinkSuiteWritesAReportWhoseChartsABrowserShows() throws Exception {
    Path out = dir.resolve("report");
    CliTest.Run r = brisk("bench", "--quick", "--suite", "sink", "--out", out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("- command: `brisk bench --quick --suite sink`"), md);
    assertTrue(md.contains("### SinkPutBenchmark event=friend put"), md);
    assertTrue(md.contains("| **WRITER** |"), md);
    assertTrue(md.contains("| ABQ |"), md);
    assertTrue(md.matches("(?s).*\\| \\*\\*WRITER\\*\\* \\| [0-9 ]+ \\| [0-9 .]+ \\| ops/s \\| \\d+\\.\\d\\d \\| \\d+\\.\\d\\d \\|.*"), md);
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<svg") && html.contains("fill=\"#e8710a\""), "an inline chart with Brisk's bar");
    // JMH's own results are kept, and the same report can be written again from them
    Path again = dir.resolve("again");
    CliTest.Run r2 = brisk("bench", "--report-from", out.resolve("results.json").toString(), "--suite", "sink", "--out", again.toString());
    assertEquals(0, r2.code(), r2.out() + r2.err());
    String md2 = Files.readString(again.resolve("report.md"));
    assertEquals(md.substring(md.indexOf("## sink")), md2.substring(md2.indexOf("## sink")), "the tables from the saved results");

    String browser = chromium();
    Assumptions.assumeTrue(browser != null,
        "chromium is not installed (apt-get install chromium; .ci/run does): the report's rendering is not checked");
    Path png = dir.resolve("report.png");
    Process p = new ProcessBuilder(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--window-size=1200,900", "--screenshot=" + png, out.resolve("report.html").toUri().toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium took over two minutes");
    assertTrue(Files.exists(png), "no screenshot: " + Files.readString(dir.resolve("chromium.log")));
    BufferedImage img = ImageIO.read(png.toFile());
    int orange = 0;
    int blue = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int rgb = img.getRGB(x, y) & 0xFFFFFF;
        if (rgb == 0xE8710A) {
          orange++;
        } else if (rgb == 0x3B78C4) {
          blue++;
        }
      }
    }
    assertTrue(orange > 500 && blue > 500, "the screenshot shows Brisk's bars and the peer's: " + orange + " orange, " + blue + " blue pixels");
  }

  @Test
  void aBenchmarkThatThrowsIsReportedWithWhatItThrew() {
    // As JMH hands over a benchmark's failure in a fork: the cause under a message of its own.
    IllegalStateException thrown = new IllegalStateException("not every event was written: accepted=3 delivered=2");
    org.openjdk.jmh.runner.RunnerException e = new org.openjdk.jmh.runner.RunnerException(
        "Benchmark caught the exception",
        new org.openjdk.jmh.runner.BenchmarkException("Benchmark error during the run", List.of(thrown)));
    String text = BenchCommand.failure(e);
    assertTrue(text.startsWith("Benchmark caught the exception"), text);
    assertTrue(text.contains("java.lang.IllegalStateException: not every event was written: accepted=3 delivered=2"), text);
  }

  @Test
  void profileWritesAFlameGraphPerBenchmarkAndTheReportLinksThem() throws Exception {
    Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux")
        && System.getProperty("os.arch").equals("amd64"), "async-profiler's library is checked on linux-x64 here");
    Path out = dir.resolve("profiled");
    CliTest.Run r = brisk("bench", "--quick", "--suite", "sink", "--profile", "--out", out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    List<Path> flames;
    try (var s = Files.walk(out.resolve("flamegraphs"))) {
      flames = s.filter(p -> p.getFileName().toString().matches("flame-(cpu|itimer)-forward\\.html")).toList();
    }
    assertEquals(2, flames.size(), "one per benchmark (WRITER and ABQ): " + flames);
    for (Path f : flames) {
      assertTrue(Files.size(f) > 10_000, f + " holds a flame graph");
      assertTrue(Files.readString(out.resolve("report.md")).contains(out.relativize(f).toString()), "report.md links " + f);
    }
  }

  @Test
  void anUnknownSuiteIsAUsageError() {
    CliTest.Run r = brisk("bench", "--suite", "nope");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("no suite 'nope'; the suites are deser, ser, tree, jsonp, orgjson, sink"), r.err());
  }

  static String result(String benchmark, String params, String mode, double score, double error, String unit) {
    return "{\"benchmark\":\"dev.brisk.bench." + benchmark + "\",\"mode\":\"" + mode + "\",\"params\":{" + params
        + "},\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error + ",\"scoreUnit\":\"" + unit + "\"}}";
  }

  @Test
  void aReportThatCannotBeWrittenIsOneLineNotAStackTrace() throws Exception {
    Path json = dir.resolve("results.json");
    Files.writeString(json, "[" + result("JsonpParseBenchmark.brisk", "", "avgt", 100, 3, "ns/op") + "]");
    Path out = dir.resolve("report");
    Files.createDirectories(out.resolve("report.md")); // a folder where the report's file goes
    CliTest.Run r = brisk("bench", "--report-from", json.toString(), "--suite", "jsonp", "--out", out.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    // Not one of the files the command checks itself: Main's net for I/O failures says it.
    assertTrue(r.err().startsWith(out.resolve("report.md") + ": "), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }

  @Test
  void reportFromSavedResultsKeepsReadsApartFromWritesAndOrdersParametersAsNumbers() throws Exception {
    Path json = dir.resolve("results.json");
    Files.writeString(json, "[" + String.join(",",
        result("JsonpTreeBenchmark.readBrisk", "\"size\":\"1k\"", "thrpt", 300, 10, "ops/s"),
        result("JsonpTreeBenchmark.readParsson", "\"size\":\"1k\"", "thrpt", 100, 5, "ops/s"),
        result("JsonpTreeBenchmark.writeBrisk", "\"size\":\"1k\"", "thrpt", 400, 10, "ops/s"),
        result("JsonpTreeBenchmark.writeParsson", "\"size\":\"1k\"", "thrpt", 800, 10, "ops/s"),
        result("OrgJsonBatchBenchmark.brisk", "\"messages\":\"500\"", "thrpt", 50, 1, "ops/s"),
        result("OrgJsonBatchBenchmark.jackson", "\"messages\":\"500\"", "thrpt", 25, 1, "ops/s"),
        result("OrgJsonBatchBenchmark.brisk", "\"messages\":\"50\"", "thrpt", 500, 1, "ops/s"),
        result("OrgJsonBatchBenchmark.jackson", "\"messages\":\"50\"", "thrpt", 250, 1, "ops/s"),
        result("JsonpParseBenchmark.brisk", "", "avgt", 100, 3, "ns/op"),
        result("JsonpParseBenchmark.parssonCached", "", "avgt", 700, 30, "ns/op")) + "]");
    Path out = dir.resolve("report");
    CliTest.Run r = brisk("bench", "--report-from", json.toString(), "--suite", "jsonp,orgjson", "--out", out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("from 10 results in " + json), r.out());
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("- command: `brisk bench --report-from " + json + " --suite jsonp,orgjson`"), md);
    // read and write are separate cases, each library against its own operation
    assertTrue(md.contains("### JsonpTreeBenchmark read size=1k\n\n| library | score | ± error | unit | vs Jackson | vs best peer (parsson) |"), md);
    assertTrue(md.contains("| **brisk** | 300 | 10.00 | ops/s |  | 3.00 |"), md);
    assertTrue(md.contains("### JsonpTreeBenchmark write size=1k"), md);
    assertTrue(md.contains("| **brisk** | 400 | 10.00 | ops/s |  | 0.50 |"), md);
    // times: the ratio is of speeds
    assertTrue(md.contains("| **brisk** | 100 | 3.00 | ns/op |  | 7.00 |"), md);
    // 50 before 500
    assertTrue(md.indexOf("### OrgJsonBatchBenchmark messages=50\n") < md.indexOf("### OrgJsonBatchBenchmark messages=500\n"), md);
    assertTrue(md.contains("| **brisk** | 50.00 | 1.00 | ops/s | 2.00 | 2.00 |"), md);
  }

  @Test
  void reportFromWithOptionsForARunIsAUsageError() {
    CliTest.Run r = brisk("bench", "--report-from", "results.json", "--quick", "--out", dir.resolve("o").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--report-from runs nothing, so --quick, --input and --profile do not apply to it"), r.err());
  }

  @Test
  void reportFromAFileThatIsNotJmhJsonIsBadInput() throws Exception {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"not\":\"jmh\"}");
    CliTest.Run r = brisk("bench", "--report-from", bad.toString(), "--out", dir.resolve("o").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains("bench: cannot read JMH results from " + bad + ": " + bad + " is not a JMH JSON result"), r.err());
  }
}
