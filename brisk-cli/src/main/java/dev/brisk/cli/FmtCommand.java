package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonValue;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brisk fmt}: pretty-prints or compacts JSON, keeping every number's exact text. */
@Command(
    name = "fmt",
    mixinStandardHelpOptions = true,
    description = {
      "Pretty-print a JSON file (two-space indent by default), or compact it.",
      "Numbers keep their exact text; member order is kept. NDJSON files (.ndjson, .jsonl)"
          + " stay one value per line and are compacted."
    },
    footer = {"", "Exit codes: 0 ok, 1 invalid or unreadable input, 2 usage."})
final class FmtCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "The JSON file, or - for standard input.")
  String file;

  @Option(names = "--compact", description = "Write without white space.")
  boolean compact;

  @Option(names = "--indent", defaultValue = "2", description = "Spaces per level (default: ${DEFAULT-VALUE}).")
  int indent;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write here instead of standard output.")
  Path output;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    if (indent < 0 || indent > 16) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--indent must be 0..16");
    }
    Path path = Path.of(file);
    boolean ndjson = Input.isNdjson(path, false);
    Json writer = Json.builder().indent(compact || ndjson || indent == 0 ? null : " ".repeat(indent)).build();
    try (InputStream in = Input.open(path);
        OutputStream out = output == null ? new NonClosing(System.out) : Files.newOutputStream(output)) {
      OutputStream buffered = new BufferedOutputStream(out, 1 << 16);
      if (ndjson) {
        Json.DEFAULT.readValues(
            in,
            v -> {
              writer.write(v, buffered);
              write(buffered, '\n');
            });
      } else {
        JsonValue v = Json.parse(in);
        writer.write(v, buffered);
        buffered.write('\n');
      }
      buffered.flush();
    } catch (JsonException e) {
      NdjsonLines.report(err, Input.label(path), e.line(), e);
      return Main.BAD_INPUT;
    } catch (IOException | UncheckedIOException e) {
      err.printf("%s: cannot read: %s%n", Input.label(path), Input.why(e));
      return Main.BAD_INPUT;
    }
    return Main.OK;
  }

  private static void write(OutputStream out, int b) {
    try {
      out.write(b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Standard output must stay open for whatever runs after us in the same JVM (tests). */
  private static final class NonClosing extends java.io.FilterOutputStream {
    NonClosing(OutputStream out) {
      super(out);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
