package dev.brisk.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.json.JsonException;
import dev.brisk.schema.Codec;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.Schemas;
import dev.brisk.sink.NdjsonFileTransport;
import dev.brisk.sink.NdjsonFiles;
import dev.brisk.sink.Sink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code brisk demo}: the whole pipeline on generated events. Writes a seeded set of users events
 * as NDJSON, compiles the users schema of the Esper case study at run time, reads every event
 * with the compiled codec and ships it through a {@link Sink} into NDJSON files; then does the
 * same with Jackson databind in the same process and prints the ratio.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Generate users events (NDJSON), compile the users schema (samples/users.schema) at run time,"
          + " read every event with the compiled codec and ship it through the sink to NDJSON files"
          + " under --out; then run the same pipeline with Jackson databind and print the ratio.",
      "Both pipelines use the same sink and file transport: the ratio is the JSON work. They run"
          + " once each, Brisk first, in one JVM; the second run meets code the first warmed up."
    },
    footer = {"", "Exit codes: 0 ok, 1 an output check failed or a file could not be written, 2 usage, 3 delivery failed."})
final class DemoCommand implements Callable<Integer> {
  @Option(names = "--events", defaultValue = "200000", description = "How many events (default: ${DEFAULT-VALUE}).")
  long events;

  @Option(names = "--seed", defaultValue = "2026", description = "The generator's seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", defaultValue = "brisk-out", paramLabel = "DIR",
      description = "Where the input and the shipped files go (default: ${DEFAULT-VALUE}); its"
          + " input/, brisk/ and jackson/ folders are replaced.")
  Path out;

  @Option(names = "--no-jackson", description = "Skip the Jackson run.")
  boolean noJackson;

  @Option(names = "--opensearch", description = "Ship to the local OpenSearch fixture instead of files (not in this build yet).")
  boolean opensearch;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (opensearch) {
      err.println("demo --opensearch: the OpenSearch _bulk transport (brisk-opensearch) is not in this build yet;"
          + " run the demo without it to ship to files");
      return Main.USAGE;
    }
    if (events < 1) {
      err.println("--events must be at least 1");
      return Main.USAGE;
    }
    boolean terminal = Progress.stderrIsTerminal();

    // 1. The input.
    Path input = out.resolve("input").resolve("users.ndjson");
    replace(out.resolve("input"));
    long t0 = System.nanoTime();
    try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(input), 1 << 16)) {
      UsersEvents.write(seed, events, o);
    }
    long inputBytes = Files.size(input);
    stdout.printf(Locale.ROOT, "generated %,d users events (%s, seed %d) in %s in %.2f s%n",
        events, Progress.bytes(inputBytes), seed, input, seconds(t0));

    // 2. The codec, compiled from the schema text at run time.
    t0 = System.nanoTime();
    Codec<JsonRecord> codec = Schemas.compile(UsersEvents.schemaText()).codec("User");
    stdout.printf(Locale.ROOT, "compiled the User codec from samples/users.schema in %.0f ms (Janino, in process)%n",
        seconds(t0) * 1000);
    stdout.flush();

    // 3. Brisk: compiled codec in, compiled codec out.
    Path briskOut = out.resolve("brisk");
    replace(briskOut);
    Pipeline.Result brisk = ship(input, inputBytes, briskOut, "brisk", terminal, err,
        (buf, len) -> codec.read(buf, 0, len), codec::write);
    int code = report(stdout, err, "brisk", brisk, briskOut);

    // 4. Jackson databind, the same sink and files.
    if (!noJackson) {
      ObjectMapper mapper = new ObjectMapper();
      Path jacksonOut = out.resolve("jackson");
      replace(jacksonOut);
      Pipeline.Result jackson = ship(input, inputBytes, jacksonOut, "jackson", terminal, err,
          (buf, len) -> {
            try {
              return mapper.readValue(buf, 0, len, JacksonUser.class);
            } catch (IOException e) {
              throw new JsonException(String.valueOf(e.getMessage()), 0, 1, 1, "$");
            }
          },
          (u, w) -> {
            try {
              byte[] b = mapper.writeValueAsBytes(u);
              w.rawValue(b, 0, b.length);
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          });
      code = Math.max(code, report(stdout, err, "jackson", jackson, jacksonOut));
      stdout.printf(Locale.ROOT, "brisk shipped %.2fx the events per second of jackson databind"
              + " (same sink, same files, one run each; JMH figures: brisk-bench)%n",
          brisk.eventsPerSecond() / jackson.eventsPerSecond());
    }
    stdout.flush();
    return code;
  }

  private <T> Pipeline.Result ship(Path input, long inputBytes, Path dir, String label, boolean terminal, PrintWriter err,
      Pipeline.Parser<T> parser, dev.brisk.sink.EventSerializer<? super T> serializer) throws Exception {
    Sink<T> sink = Sink.<T>builder()
        .serializer(serializer)
        .transport(NdjsonFileTransport.builder(dir).prefix("users").build())
        .build();
    Pipeline<T> p = new Pipeline<>(input.toString(), parser, sink, null, err, 20);
    try (InputStream in = Files.newInputStream(input)) {
      return p.run(in, Duration.ofMinutes(2), new Pipeline.Ticker(err, label, inputBytes, terminal, null));
    }
  }

  private int report(PrintWriter stdout, PrintWriter err, String label, Pipeline.Result r, Path dir) throws IOException {
    var m = r.metrics;
    var scans = NdjsonFiles.scan(dir);
    long inFiles = NdjsonFiles.events(scans);
    stdout.printf(Locale.ROOT,
        "%-8s %,d events in %.2f s: %,.0f events/s, %.1f MiB/s; %,d batches, %,d retries, %,d dead letters;"
            + " %d file(s) in %s/%n",
        label + ":", m.delivered(), r.seconds, r.eventsPerSecond(), r.mibPerSecond(), m.batches(), m.retried(),
        m.deadLettered(), scans.size(), dir);
    stdout.flush();
    if (r.invalid > 0 || m.failed() > 0 || m.deadLettered() > 0) {
      err.printf("%s: %d invalid input lines, %d events failed, %d dead-lettered%n", label, r.invalid, m.failed(), m.deadLettered());
      return Main.DELIVERY_FAILED;
    }
    if (inFiles != events || m.delivered() != events) {
      err.printf("%s: %,d events generated but %,d in the files%n", label, events, inFiles);
      return Main.BAD_INPUT;
    }
    return Main.OK;
  }

  /** Empties (or creates) a folder of the demo's own output. */
  private static void replace(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir);
  }

  private static double seconds(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }
}
