package dev.brisk.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonObject;
import dev.brisk.opensearch.OpenSearchBulkTransport;
import dev.brisk.opensearch.OpenSearchFixture;
import dev.brisk.schema.Codec;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.Schemas;
import dev.brisk.sink.NdjsonFileTransport;
import dev.brisk.sink.NdjsonFiles;
import dev.brisk.sink.Sink;
import dev.brisk.sink.Transport;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
          + " under --out (or, with --opensearch, to a local OpenSearch); then run the same pipeline"
          + " with Jackson databind and print the ratio.",
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

  @Option(names = "--opensearch", description = "Start the local OpenSearch fixture (the integ-test server from Maven"
      + " Central, needs a JDK 21+) and ship to its indices users-brisk and users-jackson instead of files.")
  boolean opensearch;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (events < 1) {
      err.println("--events must be at least 1");
      return Main.USAGE;
    }
    boolean terminal = Progress.stderrIsTerminal();

    // 1. The input.
    Path input = out.resolve("input").resolve("users.ndjson");
    long t0 = System.nanoTime();
    try {
      replace(out.resolve("input"));
      try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(input), 1 << 16)) {
        UsersEvents.write(seed, events, o);
      }
    } catch (IOException e) {
      throw new Input.Fault(input, "write", e);
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

    OpenSearchFixture server = null;
    try {
      if (opensearch) {
        t0 = System.nanoTime();
        server = OpenSearchFixture.builder().build();
        server.start();
        stdout.printf(Locale.ROOT, "started OpenSearch (the fixture) at %s in %.1f s%n", server.uri(), seconds(t0));
        stdout.flush();
      }
      return pipelines(stdout, err, terminal, input, inputBytes, codec, server);
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }

  private int pipelines(PrintWriter stdout, PrintWriter err, boolean terminal, Path input, long inputBytes,
      Codec<JsonRecord> codec, OpenSearchFixture server) throws Exception {
    // 3. Brisk: compiled codec in, compiled codec out.
    Destination briskTo = destination("brisk", server);
    Pipeline.Result brisk = ship(input, inputBytes, briskTo, "brisk", terminal, err,
        (buf, len) -> codec.read(buf, 0, len), codec::write);
    int code = report(stdout, err, "brisk", brisk, briskTo);

    // 4. Jackson databind, the same sink and destination.
    if (!noJackson) {
      ObjectMapper mapper = new ObjectMapper();
      Destination jacksonTo = destination("jackson", server);
      Pipeline.Result jackson = ship(input, inputBytes, jacksonTo, "jackson", terminal, err,
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
      code = Math.max(code, report(stdout, err, "jackson", jackson, jacksonTo));
      stdout.printf(Locale.ROOT, "brisk shipped %.2fx the events per second of jackson databind"
              + " (same sink and destination, one run each; JMH figures: brisk-bench)%s%n",
          brisk.eventsPerSecond() / jackson.eventsPerSecond(),
          server == null ? "" : "; here the server's indexing sets the pace of both, so the files demo shows the JSON work");
    }
    stdout.flush();
    return code;
  }

  /** Where a pipeline ships, and how the demo counts what arrived there. */
  private interface Destination {
    Transport transport() throws IOException;

    long count() throws Exception;

    String describe();
  }

  private Destination destination(String label, OpenSearchFixture server) throws IOException {
    if (server == null) {
      Path dir = out.resolve(label);
      replace(dir);
      return new Destination() {
        @Override
        public Transport transport() {
          return NdjsonFileTransport.builder(dir).prefix("users").build();
        }

        @Override
        public long count() throws IOException {
          return NdjsonFiles.events(NdjsonFiles.scan(dir));
        }

        @Override
        public String describe() {
          try {
            return NdjsonFiles.files(dir).size() + " file(s) in " + dir + "/";
          } catch (IOException e) {
            return dir + "/";
          }
        }
      };
    }
    String index = "users-" + label;
    URI node = server.uri();
    return new Destination() {
      @Override
      public Transport transport() {
        return OpenSearchBulkTransport.builder(index, node).idField("_id").build(); // the users' own ids
      }

      @Override
      public long count() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        http.send(HttpRequest.newBuilder(node.resolve("/" + index + "/_refresh")).POST(HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.discarding());
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(node.resolve("/" + index + "/_count")).build(),
            HttpResponse.BodyHandlers.ofByteArray());
        return ((JsonObject) Json.parse(r.body())).getNumber("count").longValue();
      }

      @Override
      public String describe() {
        return "OpenSearch index " + node + "/" + index;
      }
    };
  }

  private <T> Pipeline.Result ship(Path input, long inputBytes, Destination to, String label, boolean terminal, PrintWriter err,
      Pipeline.Parser<T> parser, dev.brisk.sink.EventSerializer<? super T> serializer) throws Exception {
    Sink<T> sink = Sink.<T>builder()
        .serializer(serializer)
        .transport(to.transport())
        .build();
    Pipeline<T> p = new Pipeline<>(input.toString(), parser, sink, null, err, 20);
    try (InputStream in = Files.newInputStream(input)) {
      return p.run(in, Duration.ofMinutes(2), new Pipeline.Ticker(err, label, inputBytes, terminal, null));
    }
  }

  private int report(PrintWriter stdout, PrintWriter err, String label, Pipeline.Result r, Destination to) throws Exception {
    var m = r.metrics;
    long arrived = to.count();
    stdout.printf(Locale.ROOT,
        "%-8s %,d events in %.2f s: %,.0f events/s, %.1f MiB/s; %,d batches, %,d retries, %,d dead letters; %s%n",
        label + ":", m.delivered(), r.seconds, r.eventsPerSecond(), r.mibPerSecond(), m.batches(), m.retried(),
        m.deadLettered(), to.describe());
    stdout.flush();
    if (r.invalid > 0 || m.failed() > 0 || m.deadLettered() > 0) {
      err.printf("%s: %d invalid input lines, %d events failed, %d dead-lettered%n", label, r.invalid, m.failed(), m.deadLettered());
      return Main.DELIVERY_FAILED;
    }
    if (arrived != events || m.delivered() != events) {
      err.printf("%s: %,d events generated but %,d arrived (%s)%n", label, events, arrived, to.describe());
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
