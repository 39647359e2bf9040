package dev.brisk.cli;

import static dev.brisk.cli.CliTest.brisk;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
