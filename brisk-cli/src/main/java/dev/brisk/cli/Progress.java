package dev.brisk.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A progress bar on standard error for long reads. It draws only when standard error is a
 * terminal and the input is large, redraws at most ten times a second, and clears itself at the
 * end; anywhere else it stays silent, so logs and pipes get no control characters.
 */
final class Progress {
  static final long MIN_BYTES = 4L << 20; // files smaller than this finish before a bar helps
  private static final int WIDTH = 30;

  private final PrintWriter err;
  private final String label;
  private final long total;
  private final boolean enabled;
  private long lastDraw;
  private final long start = System.nanoTime();

  Progress(PrintWriter err, String label, long total, boolean terminal) {
    this.err = err;
    this.label = label;
    this.total = total;
    this.enabled = terminal && total >= MIN_BYTES;
  }

  /** True when standard error is an interactive terminal. */
  static boolean stderrIsTerminal() {
    return System.console() != null && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
  }

  /** Wraps {@code in} so that reading it advances the bar. */
  InputStream track(InputStream in) {
    if (!enabled) {
      return in;
    }
    return new CountingInputStream(in, this::advance);
  }

  private void advance(long done) {
    long now = System.nanoTime();
    if (now - lastDraw < 100_000_000L) {
      return;
    }
    lastDraw = now;
    double seconds = (now - start) / 1e9;
    err.print('\r' + render(label, done, total, seconds));
    err.flush();
  }

  /** Erases the bar. */
  void finish() {
    if (enabled && lastDraw != 0) {
      err.print("\r" + " ".repeat(render(label, total, total, 1).length()) + "\r");
      err.flush();
    }
  }

  /** One line of the bar: label, bar, percent, bytes done of total and the rate. */
  static String render(String label, long done, long total, double seconds) {
    double f = total <= 0 ? 1 : Math.min(1, (double) done / total);
    int full = (int) Math.round(f * WIDTH);
    String bar = "#".repeat(full) + "-".repeat(WIDTH - full);
    double rate = seconds > 0 ? done / seconds : 0;
    return String.format(
        Locale.ROOT, "%s [%s] %3d%% %s / %s  %s/s", label, bar, Math.round(f * 100), bytes(done), bytes(total), bytes((long) rate));
  }

  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    if (n < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
    }
    if (n < 1024L * 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
    }
    return String.format(Locale.ROOT, "%.2f GiB", n / (1024.0 * 1024 * 1024));
  }
}
