package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
      "Check that files are valid JSON (RFC 8259, strict) within the default limits;"
          + " --allow-comments and --allow-trailing-commas accept JSON with comments.",
      "Files ending in .ndjson or .jsonl are read as one JSON value per line, and every bad line"
          + " is reported; other files must hold exactly one value.",
      "A fault is reported as file:line:column: message (at $.json.path).",
      "A FILE of - is standard input (read as NDJSON with --ndjson)."
    },
    footer = {"", "Exit codes: 0 all valid, 1 a file is invalid or unreadable, 2 usage."})
final class CheckCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSON or NDJSON files; - for standard input.")
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

  @picocli.CommandLine.Mixin Leniency leniency;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    NdjsonLines.checkMaxErrors(spec, maxErrors);
    Json json = leniency.apply(Json.builder()).build();
    boolean allValid = true;
    for (Path file : files) {
      String label = Input.label(file);
      try {
        Result r = Input.isNdjson(file, ndjson) ? checkLines(json, file, label, err) : checkDocument(json, file, label, err);
        allValid &= r.errors == 0;
        if (!quiet && r.errors == 0) {
          out.printf("%s: ok (%d %s, %s)%n", label, r.values, r.values == 1 ? "value" : "values", Progress.bytes(r.bytes));
        } else if (r.errors > 0) {
          err.printf("%s: %d invalid %s%n", label, r.errors, r.errors == 1 ? "value" : "values");
        }
      } catch (IOException | UncheckedIOException e) {
        allValid = false;
        err.printf("%s: cannot read: %s%n", label, Input.why(e));
      }
    }
    out.flush();
    err.flush();
    return allValid ? Main.OK : Main.BAD_INPUT;
  }

  static final class Result {
    long values;
    long errors;
    long bytes;
  }

  /** One document, streamed token by token: constant memory for any size. */
  private Result checkDocument(Json json, Path file, String label, PrintWriter err) throws IOException {
    Result r = new Result();
    Progress progress = new Progress(err, label, Input.size(file), Progress.stderrIsTerminal());
    CountingInputStream in = new CountingInputStream(progress.track(Input.open(file)), null);
    try (in; JsonReader reader = json.reader(in)) {
      while (reader.next() != JsonToken.END_DOCUMENT) {
        // every token is checked as it is read
      }
      r.values = 1;
    } catch (JsonException e) {
      progress.finish();
      NdjsonLines.report(err, label, e.line(), e, CheckCommand::flag);
      r.errors = 1;
      return r;
    }
    progress.finish();
    r.bytes = in.count();
    return r;
  }

  /** NDJSON: see {@link NdjsonLines}. */
  private Result checkLines(Json json, Path file, String label, PrintWriter err) throws IOException {
    Result r = new Result();
    Progress progress = new Progress(err, label, Input.size(file), Progress.stderrIsTerminal());
    try (CountingInputStream in = new CountingInputStream(progress.track(Input.open(file)), null)) {
      NdjsonLines.Counts c = NdjsonLines.check(in, label, (buf, len) -> {
        JsonReader reader = json.reader(buf, 0, len);
        while (reader.next() != JsonToken.END_DOCUMENT) {
          // checked as read
        }
      }, maxErrors, err, progress::finish, CheckCommand::flag);
      r.values = c.valid;
      r.errors = c.invalid;
      r.bytes = in.count();
    }
    return r;
  }

  /** This command's option that accepts what the reader refused without {@code o}. */
  private static String flag(JsonException.ReaderOption o) {
    return o == JsonException.ReaderOption.MULTIPLE_VALUES ? "--ndjson" : Leniency.flag(o);
  }
}
