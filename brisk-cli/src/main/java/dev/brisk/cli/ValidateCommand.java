package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonLimits;
import dev.brisk.json.JsonReader;
import dev.brisk.schema.Codec;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.SchemaException;
import dev.brisk.schema.SchemaSet;
import dev.brisk.schema.Schemas;
import dev.brisk.schema.UnknownFields;
import java.io.IOException;
import java.io.InputStream;
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
 * {@code brisk validate}: reads every event of the files with the codec compiled from a schema
 * text, and reports each one that does not fit as {@code file:line:column: message (at path)}.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Check every event of the files against a type of a 'create json schema' text: types,"
          + " integer ranges, required fields, and (with --reject-unknown) undeclared members.",
      "Files ending in .ndjson or .jsonl hold one event per line, and every bad line is reported;"
          + " other files hold one event.",
      "A fault is reported as file:line:column: message (at $.json.path).",
      "A FILE of - is standard input (read as NDJSON with --ndjson)."
    },
    footer = {"", "Exit codes: 0 all valid, 1 an event is invalid or a file unreadable, 2 usage"
        + " (including a schema text that does not compile, or a type it does not declare)."})
final class ValidateCommand implements Callable<Integer> {
  @Option(names = "--schema", required = true, paramLabel = "FILE", description = "The schema text.")
  Path schema;

  @Option(names = "--type", required = true, paramLabel = "NAME", description = "The schema every event must fit.")
  String type;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSON or NDJSON files of events; - for standard input.")
  List<Path> files;

  @Option(names = "--ndjson", description = "Read every file as NDJSON, whatever its name.")
  boolean ndjson;

  @Option(names = "--lenient", description = "Accept numbers and booleans written as strings, as Esper does.")
  boolean lenient;

  @Option(names = "--reject-unknown", description = "Members the schema does not declare are faults.")
  boolean rejectUnknown;

  @Option(names = "--require", split = ",", paramLabel = "FIELD",
      description = "Fields of --type that must be present and not null (comma-separated).")
  List<String> required;

  @Option(names = "--max-errors", defaultValue = "20",
      description = "Stop reporting a file's bad lines after this many (default: ${DEFAULT-VALUE}).")
  int maxErrors;

  @Option(names = "--max-tree-length", paramLabel = "BYTES",
      description = "The most bytes one event of a file that is not NDJSON may span (read into memory,"
          + " so a stream that does not end stops there); -1 for no limit (default: ${DEFAULT-VALUE}).")
  long maxTreeLength = JsonLimits.DEFAULTS.maxTreeLength();

  @Option(names = {"-q", "--quiet"}, description = "Print only faults.")
  boolean quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    NdjsonLines.checkMaxErrors(spec, maxErrors);
    Codec<JsonRecord> codec = codec(err);
    if (codec == null) {
      return Main.USAGE;
    }
    Json documents = Json.builder().maxTreeLength(maxTreeLength).build(); // for files that are not NDJSON
    long valid = 0;
    long invalid = 0;
    boolean readable = true;
    for (Path file : files) {
      try {
        long[] r = Input.isNdjson(file, ndjson) ? lines(codec, file, err) : document(codec, documents, file, err);
        valid += r[0];
        invalid += r[1];
      } catch (IOException | UncheckedIOException e) {
        readable = false;
        err.printf("%s: cannot read: %s%n", Input.label(file), Input.why(e));
      }
    }
    if (!quiet || invalid > 0) {
      (invalid > 0 ? err : out).printf("%d valid, %d invalid %s events%n", valid, invalid, type);
    }
    out.flush();
    err.flush();
    return invalid == 0 && readable ? Main.OK : Main.BAD_INPUT;
  }

  private Codec<JsonRecord> codec(PrintWriter err) throws IOException {
    String text = Input.readString(schema);
    Schemas.Options options = Schemas.options().lenient(lenient);
    if (rejectUnknown) {
      options = options.unknownFields(UnknownFields.REJECT);
    }
    if (required != null && !required.isEmpty()) {
      options = options.required(type, required.toArray(new String[0]));
    }
    try {
      SchemaSet set = options.compile(text);
      return set.codec(type);
    } catch (SchemaException e) {
      err.println(schema + ":" + e.line() + ":" + e.column() + ": " + e.reason());
    } catch (IllegalArgumentException e) {
      err.println(schema + ": " + e.getMessage());
    }
    err.flush();
    return null;
  }

  private long[] document(Codec<JsonRecord> codec, Json documents, Path file, PrintWriter err) throws IOException {
    try (InputStream in = Input.open(file);
        JsonReader r = documents.reader(in)) {
      codec.read(r);
      r.next(); // the end, or an error for anything after the event
      return new long[] {1, 0};
    } catch (JsonException e) {
      NdjsonLines.report(err, Input.label(file), e.line(), e);
      return new long[] {0, 1};
    }
  }

  private long[] lines(Codec<JsonRecord> codec, Path file, PrintWriter err) throws IOException {
    try (InputStream in = Input.open(file)) {
      NdjsonLines.Counts c =
          NdjsonLines.check(in, Input.label(file), (buf, len) -> codec.read(buf, 0, len), maxErrors, err, () -> {});
      return new long[] {c.valid, c.invalid};
    }
  }
}
