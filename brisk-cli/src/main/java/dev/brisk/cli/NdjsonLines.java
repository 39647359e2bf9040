package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.function.Function;

/**
 * The NDJSON loop of {@code check} and {@code validate}: each non-blank line on its own, so that a
 * bad line is reported with its line number and the lines after it are still read. A line may be
 * as long as the largest string the default limits allow, plus room for its structure.
 */
final class NdjsonLines {
  private NdjsonLines() {}

  /**
   * Refuses a negative {@code --max-errors}, which reported "1 more invalid lines not shown" for
   * input without any.
   */
  static void checkMaxErrors(picocli.CommandLine.Model.CommandSpec spec, int maxErrors) {
    if (maxErrors < 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--max-errors must be 0 or more, not " + maxErrors);
    }
  }

  /** What is done with one line; a fault is a {@link JsonException}. */
  interface Check {
    void line(byte[] buf, int length);
  }

  /** How many lines passed and how many failed. */
  static final class Counts {
    long valid;
    long invalid;
  }

  /**
   * Runs {@code check} on every line of {@code in} (named {@code file} in messages), reporting
   * the first {@code maxErrors} faults as {@code file:line:column: message (at path)} ({@code
   * beforeReport} runs first, to end a progress bar) and a count of the rest.
   */
  static Counts check(InputStream in, String file, Check check, int maxErrors, PrintWriter err, Runnable beforeReport)
      throws IOException {
    return check(in, file, check, maxErrors, err, beforeReport, null);
  }

  /** {@link #check}, naming the options {@code flags} names in faults they would accept. */
  static Counts check(InputStream in, String file, Check check, int maxErrors, PrintWriter err, Runnable beforeReport,
      Function<JsonException.ReaderOption, String> flags) throws IOException {
    Counts c = new Counts();
    LineReader lines = new LineReader(in, Json.DEFAULT.limits().maxStringLength() + (1 << 20));
    long lineNo = 0;
    while (lines.next()) {
      lineNo++;
      if (lines.blank()) {
        continue;
      }
      try {
        if (lines.tooLong()) {
          throw new JsonException("line longer than " + lines.max() + " bytes", 0, 1, 1, "$");
        }
        check.line(lines.buffer(), lines.length());
        c.valid++;
      } catch (JsonException e) {
        c.invalid++;
        if (c.invalid <= maxErrors) {
          beforeReport.run();
          report(err, file, lineNo, e, flags);
        }
      }
    }
    beforeReport.run();
    if (c.invalid > maxErrors) {
      err.printf("%s: %d more invalid lines not shown (--max-errors)%n", file, c.invalid - maxErrors);
    }
    return c;
  }

  /** A fault as {@code file:line:column: message (at path)}. */
  static void report(PrintWriter err, String file, long line, JsonException e) {
    report(err, file, line, e, null);
  }

  /**
   * A fault as {@code file:line:column: message (at path)}, followed by the command's option that
   * would accept the input, when {@code flags} names one for the reader option the fault gives
   * (null or a null name: none). The reason leaves out the library's builder call that would accept
   * it, which a command-line user cannot act on.
   */
  static void report(PrintWriter err, String file, long line, JsonException e,
      Function<JsonException.ReaderOption, String> flags) {
    String flag = flags == null ? null : e.acceptedWith().map(flags).orElse(null);
    err.printf("%s:%d:%d: %s (at %s)%s%n", file, line, e.column(), e.reason(), e.shownPath(),
        JsonException.acceptedBy(flag));
  }
}
