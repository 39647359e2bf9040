package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code brisk check}: validates JSON documents and NDJSON files with the strict reader and its
 * default limits, and reports each fault as {@code file:line:column: message (at path)}.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Check that files are valid JSON (RFC 8259, strict) within the default limits.",
      "Files ending in .ndjson or .jsonl are read as one JSON value per line, and every bad line"
          + " is reported; other files must hold exactly one value.",
      "A fault is reported as file:line:column: message (at $.json.path)."
    },
    footer = {"", "Exit codes: 0 all valid, 1 a file is invalid or unreadable, 2 usage."})
final class CheckCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSON or NDJSON files.")
  List<Path> files;

  @Option(names = "--ndjson", description = "Read every file as NDJSON, whatever its name.")
  boolean ndjson;

  @Option(
      names = "--max-errors",
      defaultValue = "20",
      description = "Stop reporting a file's bad NDJSON lines after this many (default: ${DEFAULT-VALUE}).")
  int maxErrors;

  @Option(names = {"-q", "--quiet"}, description = "Print only faults.")
  boolean quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean allValid = true;
    for (Path file : files) {
      try {
        Result r = isNdjson(file) ? checkLines(file, err) : checkDocument(file, err);
        allValid &= r.errors == 0;
        if (!quiet && r.errors == 0) {
          out.printf("%s: ok (%d %s, %s)%n", file, r.values, r.values == 1 ? "value" : "values", Progress.bytes(r.bytes));
        } else if (r.errors > 0) {
          err.printf("%s: %d invalid %s%n", file, r.errors, r.errors == 1 ? "value" : "values");
        }
      } catch (IOException | UncheckedIOException e) {
        allValid = false;
        err.printf("%s: cannot read: %s%n", file, e.getMessage());
      }
    }
    out.flush();
    err.flush();
    return allValid ? Main.OK : Main.BAD_INPUT;
  }

  private boolean isNdjson(Path file) {
    String name = file.getFileName().toString();
    return ndjson || name.endsWith(".ndjson") || name.endsWith(".jsonl");
  }

  static final class Result {
    long values;
    long errors;
    long bytes;
  }

  /** One document, streamed token by token: constant memory for any size. */
  private Result checkDocument(Path file, PrintWriter err) throws IOException {
    Result r = new Result();
    r.bytes = Files.size(file);
    Progress progress = new Progress(err, file.getFileName().toString(), r.bytes, Progress.stderrIsTerminal());
    try (JsonReader reader = Json.DEFAULT.reader(progress.track(Files.newInputStream(file)))) {
      while (reader.next() != JsonToken.END_DOCUMENT) {
        // every token is checked as it is read
      }
      r.values = 1;
    } catch (JsonException e) {
      progress.finish();
      report(err, file, e.line(), e);
      r.errors = 1;
      return r;
    }
    progress.finish();
    return r;
  }

  /**
   * NDJSON: each line on its own, so that one bad line is reported with its line number and the
   * lines after it are still checked. A line may be at most as long as the largest string the
   * default limits allow, plus room for its structure.
   */
  private Result checkLines(Path file, PrintWriter err) throws IOException {
    Result r = new Result();
    r.bytes = Files.size(file);
    Progress progress = new Progress(err, file.getFileName().toString(), r.bytes, Progress.stderrIsTerminal());
    try (InputStream in = progress.track(Files.newInputStream(file))) {
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
          JsonReader reader = Json.DEFAULT.reader(lines.buffer(), 0, lines.length());
          while (reader.next() != JsonToken.END_DOCUMENT) {
            // checked as read
          }
          r.values++;
        } catch (JsonException e) {
          r.errors++;
          if (r.errors <= maxErrors) {
            progress.finish();
            report(err, file, lineNo, e);
          }
        }
      }
    }
    progress.finish();
    if (r.errors > maxErrors) {
      err.printf("%s: %d more invalid lines not shown (--max-errors)%n", file, r.errors - maxErrors);
    }
    return r;
  }

  private static void report(PrintWriter err, Path file, long line, JsonException e) {
    err.printf("%s:%d:%d: %s (at %s)%n", file, line, e.column(), e.reason(), e.path());
  }
}
