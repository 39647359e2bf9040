package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.json.JsonWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
      "Pretty-print a JSON file (two-space indent by default), or compact it. With"
          + " --allow-comments and --allow-trailing-commas it reads JSON with comments and writes"
          + " it as JSON.",
      "Numbers keep their exact text; members are kept as they are, in their order. NDJSON"
          + " files (.ndjson, .jsonl) stay one value per line and are compacted.",
      "The input is copied token by token, so a file of any size takes little memory; on bad"
          + " input, standard output has what came before the error (a file OUT is left as it was)."
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

  @picocli.CommandLine.Mixin Leniency leniency;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    if (indent < 0 || indent > 16) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--indent must be 0..16");
    }
    if (compact && spec.commandLine().getParseResult().hasMatchedOption("--indent")) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--compact and --indent cannot go together");
    }
    Path path = Path.of(file);
    boolean ndjson = Input.isNdjson(path, false);
    Json writer = Json.builder().indent(compact || ndjson || indent == 0 ? null : " ".repeat(indent)).build();
    // A file OUT is written beside it and moved into place once whole: bad input leaves an existing
    // OUT as it was, and OUT may be FILE itself (formatting in place). A device or pipe (such as
    // /dev/stdout) is written directly.
    String outLabel = output == null ? "<stdout>" : output.toString();
    Path temp = null;
    Path target = null;
    try {
      OutputStream sink;
      try {
        if (output == null) {
          sink = new NonClosing(System.out);
        } else if (Files.exists(output) && !Files.isRegularFile(output)) {
          sink = Files.newOutputStream(output);
        } else {
          target = Files.exists(output) ? output.toRealPath() : output.toAbsolutePath();
          temp = beside(target);
          sink = Files.newOutputStream(temp);
        }
      } catch (IOException e) {
        err.printf("%s: cannot write: %s%n", outLabel, Input.why(output, e));
        return Main.BAD_INPUT;
      }
      Recording out = new Recording(sink);
      try (OutputStream buffered = new BufferedOutputStream(out, 1 << 16);
          InputStream in = Input.open(path);
          JsonReader r = leniency.apply(Json.builder().multipleValues(ndjson)).build().reader(in)) {
        JsonWriter w = writer.writer(buffered);
        copy(r, w);
        if (w.size() > 0) {
          w.flush();
          buffered.write('\n');
        }
      } catch (JsonException e) {
        NdjsonLines.report(err, Input.label(path), e.line(), e, Leniency::flag);
        return Main.BAD_INPUT;
      } catch (IOException | UncheckedIOException e) {
        if (out.failed != null) {
          err.printf("%s: cannot write: %s%n", outLabel, Input.why(out.failed));
        } else {
          err.printf("%s: cannot read: %s%n", Input.label(path), Input.why(e));
        }
        return Main.BAD_INPUT;
      }
      if (temp != null) {
        try {
          moveIntoPlace(temp, target);
          temp = null;
        } catch (IOException e) {
          err.printf("%s: cannot write: %s%n", outLabel, Input.why(output, e));
          return Main.BAD_INPUT;
        }
      }
      return Main.OK;
    } finally {
      if (temp != null) {
        Files.deleteIfExists(temp);
      }
    }
  }

  /**
   * Copies the values of {@code r} to {@code w} token by token. Memory stays that of one token
   * whatever the size of the input: a tree of a document of some gigabytes would not fit the heap.
   * Members stay as they are, duplicates included.
   */
  static void copy(JsonReader r, JsonWriter w) {
    for (JsonToken t; (t = r.next()) != JsonToken.END_DOCUMENT; ) {
      switch (t) {
        case BEGIN_OBJECT:
          w.beginObject();
          break;
        case END_OBJECT:
          w.endObject();
          break;
        case BEGIN_ARRAY:
          w.beginArray();
          break;
        case END_ARRAY:
          w.endArray();
          break;
        case NAME:
          w.name(r.getName());
          break;
        case STRING:
          w.value(r.readValue()); // its escapes as written, as a tree keeps them
          break;
        case NUMBER:
          w.numberText(r.getNumberText()); // the exact text, as read
          break;
        case TRUE:
        case FALSE:
          w.value(t == JsonToken.TRUE);
          break;
        default:
          w.nullValue();
      }
    }
  }

  /** A new, empty file in {@code target}'s folder, with its permissions when it exists. */
  private static Path beside(Path target) throws IOException {
    Path temp = target.resolveSibling(
        "." + target.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
    Files.createFile(temp);
    if (Files.exists(target)) {
      try {
        Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the new file keeps its defaults
      }
    }
    return temp;
  }

  private static void moveIntoPlace(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The output, remembering its first failure: a failed write is told apart from a failed read. */
  private static final class Recording extends java.io.FilterOutputStream {
    IOException failed;

    Recording(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw remember(e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        out.close();
      } catch (IOException e) {
        throw remember(e);
      }
    }

    private IOException remember(IOException e) {
      if (failed == null) {
        failed = e;
      }
      return e;
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
