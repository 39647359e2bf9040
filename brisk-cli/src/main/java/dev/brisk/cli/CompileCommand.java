package dev.brisk.cli;

import dev.brisk.schema.SchemaException;
import dev.brisk.schema.Schemas;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code brisk compile}: writes the Java source generated for a schema, to read and commit. */
@Command(
    name = "compile",
    mixinStandardHelpOptions = true,
    description = {
      "Generate the Java sources of the codecs for a 'create json schema' text: a record class and"
          + " a codec per schema, the same code Schemas.compile runs in process.",
    },
    footer = {"", "Exit codes: 0 ok, 1 invalid schema or unreadable file, 2 usage."})
final class CompileCommand implements Callable<Integer> {
  @Option(names = "--schema", required = true, paramLabel = "FILE", description = "The schema text.")
  Path schema;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write the sources (package folders are created).")
  Path out;

  @Option(names = "--package", paramLabel = "P", defaultValue = "brisk.generated",
      description = "The Java package of the generated classes (default: ${DEFAULT-VALUE}).")
  String packageName;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outWriter = spec.commandLine().getOut();
    Schemas.Options options;
    try {
      options = Schemas.options().packageName(packageName);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    String text = Input.readString(schema);
    Map<String, String> sources;
    try {
      sources = options.generate(text);
    } catch (SchemaException e) {
      err.println(schema + ":" + e.line() + ":" + e.column() + ": " + e.reason());
      err.flush();
      return Main.BAD_INPUT;
    }
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path file = out.resolve(e.getKey());
      try {
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
      } catch (IOException x) {
        throw new Input.Fault(file, "write", x);
      }
      outWriter.println(file);
    }
    outWriter.flush();
    return 0;
  }
}
